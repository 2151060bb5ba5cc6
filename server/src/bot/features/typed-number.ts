import type { Refusal, RefusalCode } from "../../modules/ordering/index.ts";

/**
 * A typed quantity: a whole number of units, «шт» allowed. Anything else (a word, a fraction, a sign, zero)
 * is no quantity; a number too large for an order is the ordering service's to refuse, saying what it takes.
 */
export function parseQuantity(text: string): number | null {
  const trimmed = text.replace(/\s|шт\.?/gi, "");
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity > 0 ? quantity : null;
}

const CORRECTABLE: ReadonlySet<RefusalCode> = new Set([
  "bad_quantity",
  "out_of_stock",
  "hand_limit",
  "exclusive_limit",
  "total_limit",
  "too_fast",
]);

/**
 * Refusals another typed number can overcome (below the first tier, over a limit that still leaves some, too
 * many changes in a row, which the same number a second later is not): the chat keeps waiting for it. Any
 * other refusal (market closed, the position sent to collect or gone, the modification no longer sold, nothing
 * left) ends the step.
 */
export const canTryAnother = (refusal: Refusal) =>
  CORRECTABLE.has(refusal.code) && (refusal.canStill === undefined || refusal.canStill > 0);
