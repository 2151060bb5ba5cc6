/**
 * What a client is told of a modification's stock, in the same words by the bot and the Mini App: a state,
 * never the figure, and the rule that makes it. Free of zod, so the Mini App's page takes it alone (`@wholesale/contract/stock-words`)
 * without bringing zod into its first load.
 */
export const STOCK_WORDS = {
  in_stock: "в наличии",
  few: "осталось мало",
  none: "нет в наличии",
} as const satisfies Record<StockState, string>;

export type StockState = "in_stock" | "few" | "none";

/** Up to this many units the client is told «мало»: enough to hurry, without showing the exact stock. */
export const FEW_LEFT = 10;

/** The state a client is told for a quantity in stock. */
export function stockState(quantity: number): StockState {
  if (quantity <= 0) return "none";
  return quantity <= FEW_LEFT ? "few" : "in_stock";
}
