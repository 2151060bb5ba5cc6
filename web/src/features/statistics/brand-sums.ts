import type { TBrandStatisticsEntry, TCost, TCurrencyTotal } from "@wholesale/contract";

/**
 * Whole units for `parts` that add up to `whole` (itself whole): each part floored, then the units still
 * missing go to the parts with the largest remainders (the largest-remainder method). Floored one by one,
 * 84.6 $ and 15.6 $ read 84 $ + 15 $ beside a total of 100 $.
 */
export function splitFloored(whole: number, parts: number[]): number[] {
  const floored = parts.map(Math.floor);
  let missing = whole - floored.reduce((sum, part) => sum + part, 0);
  // In kopecks (cents): 84.6 - 84 and 15.6 - 15 differ in binary, not in money; a tie goes to the first part.
  const byRemainder = parts.map((part, i) => ({ i, remainder: Math.round((part - Math.floor(part)) * 100) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (missing <= 0) break;
    floored[i] = (floored[i] ?? 0) + 1;
    missing--;
  }
  return floored;
}

export type BrandSums = { total: TCurrencyTotal[]; small: TCurrencyTotal[]; large: TCurrencyTotal[] };

const amountIn = (list: TCost[], sign: string) => list.find((c) => c.currency_sign === sign)?.total_cost ?? 0;

/**
 * A brand's sums as the tab shows them, in whole units per currency (part 1 §9 floors every amount): the
 * total floored, and its small- and large-wholesale parts split so that they add up to it.
 */
export function brandSums(entry: TBrandStatisticsEntry): BrandSums {
  const sums: BrandSums = { total: [], small: [], large: [] };
  for (const { total_cost, currency_sign } of entry.total_cost) {
    const total = Math.floor(total_cost);
    const [small = 0, large = 0] = splitFloored(total, [
      amountIn(entry.total_cost_small_wholesale, currency_sign),
      amountIn(entry.total_cost_large_wholesale, currency_sign),
    ]);
    sums.total.push({ total, currency_sign });
    if (entry.total_cost_small_wholesale.some((c) => c.currency_sign === currency_sign))
      sums.small.push({ total: small, currency_sign });
    if (entry.total_cost_large_wholesale.some((c) => c.currency_sign === currency_sign))
      sums.large.push({ total: large, currency_sign });
  }
  return sums;
}
