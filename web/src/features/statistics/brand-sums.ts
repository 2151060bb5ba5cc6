import {
  type TBrandStatisticsEntry,
  type TCost,
  type TCurrencyTotal,
  unitsDroppedByFloors,
} from "@wholesale/contract";
import { formatAmount } from "../../lib/money.ts";

/** An amount as a cell shows it: floored (part 1 §9), or with its kopecks where floors would not add up. */
export type ShownAmount = TCurrencyTotal & { exact: boolean };
export type BrandSums = { total: TCurrencyTotal[]; small: ShownAmount[]; large: ShownAmount[] };

const amounts = (list: TCost[]): TCurrencyTotal[] =>
  list.map(({ total_cost, currency_sign }) => ({ total: total_cost, currency_sign }));

/**
 * A brand's sums as its row shows them. The total is floored; so are its small- and large-wholesale parts,
 * unless their floors add up to less than the floored total (84,60 $ + 15,60 $ = 100,20 $ would read 84 $ +
 * 15 $ beside 100 $): the two parts of that currency then show their kopecks, which add up to the total. A part
 * is never rounded up.
 */
export function brandSums(entry: TBrandStatisticsEntry): BrandSums {
  const small = amounts(entry.total_cost_small_wholesale);
  const large = amounts(entry.total_cost_large_wholesale);
  const exact = new Set(unitsDroppedByFloors([small, large]).map((d) => d.currency_sign));
  const shown = (list: TCurrencyTotal[]) => list.map((a) => ({ ...a, exact: exact.has(a.currency_sign) }));
  return { total: amounts(entry.total_cost), small: shown(small), large: shown(large) };
}

/** A cell's amounts side by side («12 500 ₽ · 10,40 $»); «—» when there are none. */
export const formatShown = (list: ShownAmount[]) =>
  list.length ? list.map((a) => formatAmount(a.total, a.currency_sign, !a.exact)).join(" · ") : "—";
