import { fromKopecks, toKopecks } from "./money.ts";
import type { TCurrencyTotal } from "./statistics.ts";

/**
 * How a statistics screen adds its rows up (its «Итого» / «Всего»), shared by the screens and by the server
 * test that checks them against the API's sums on generated data.
 *
 * A total is the exact sum of the exact amounts the API sent (added in whole kopecks or cents, so binary
 * fractions never drift), floored once for display: for the same rows it is the sum the API computes for the
 * same period, to the kopeck. Each row is floored too (part 1 §9), and floored rows add up to less than the
 * floored total whenever their kopecks make a unit or more: `unitsDroppedByFloors` is that difference, which
 * the screen shows beside the total, so that what it shows adds up.
 */

/** The whole units a floored amount shows (web lib/money.ts floors the same way: to the kopeck first). */
export const flooredUnits = (amount: number) => Math.floor(fromKopecks(toKopecks(amount)));

/** Exact sums per currency sign over several lists of amounts, in the order the signs first appear. */
export function sumCurrencyTotals(lists: readonly (readonly TCurrencyTotal[])[]): TCurrencyTotal[] {
  const kopecks = new Map<string, number>();
  for (const list of lists)
    for (const t of list)
      kopecks.set(t.currency_sign, (kopecks.get(t.currency_sign) ?? 0) + toKopecks(t.total));
  return [...kopecks].map(([currency_sign, sum]) => ({ total: fromKopecks(sum), currency_sign }));
}

/**
 * Per currency, the whole units the rows' floors leave out of the floored total: floor(Σ rows) − Σ floor(row),
 * the rows' kopecks gathered into units. Currencies where nothing is left out are not listed.
 */
export function unitsDroppedByFloors(lists: readonly (readonly TCurrencyTotal[])[]): TCurrencyTotal[] {
  const shown = new Map<string, number>();
  for (const list of lists)
    for (const t of list)
      shown.set(t.currency_sign, (shown.get(t.currency_sign) ?? 0) + flooredUnits(t.total));
  return sumCurrencyTotals(lists)
    .map(({ total, currency_sign }) => ({
      total: flooredUnits(total) - (shown.get(currency_sign) ?? 0),
      currency_sign,
    }))
    .filter((t) => t.total !== 0);
}
