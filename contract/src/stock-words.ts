/**
 * What a client is told of a modification's stock, in the same words by the bot and the Mini App: a state,
 * never the figure. Free of zod, so the Mini App's page takes it alone (`@wholesale/contract/stock-words`)
 * without bringing zod into its first load.
 */
export const STOCK_WORDS = {
  in_stock: "в наличии",
  few: "осталось мало",
  none: "нет в наличии",
} as const satisfies Record<"in_stock" | "few" | "none", string>;
