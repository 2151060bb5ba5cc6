export type StockState = "in_stock" | "few" | "none";

/** Up to this many units the client is told «мало»: enough to hurry, without showing the exact stock. */
export const FEW_LEFT = 10;

export function stockState(quantity: number): StockState {
  if (quantity <= 0) return "none";
  return quantity <= FEW_LEFT ? "few" : "in_stock";
}
