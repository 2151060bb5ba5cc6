import type { TCurrencyTotal } from "@wholesale/contract";

/** Sorting by a sum in several currencies uses the first one listed (currencies come in a fixed order). */
export const firstTotal = (totals: { total: number }[]) => totals[0]?.total ?? 0;

/** Sums per currency sign over several lists, in the order the signs first appear. */
export function sumTotals(lists: TCurrencyTotal[][]): TCurrencyTotal[] {
  const sums = new Map<string, number>();
  for (const list of lists)
    for (const t of list)
      sums.set(t.currency_sign, Math.round(((sums.get(t.currency_sign) ?? 0) + t.total) * 100) / 100);
  return [...sums].map(([currency_sign, total]) => ({ currency_sign, total }));
}
