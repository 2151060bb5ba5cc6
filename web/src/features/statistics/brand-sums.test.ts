import { describe, expect, it } from "vitest";
import { brandSums, splitFloored } from "./brand-sums.ts";

describe("a brand's sums, floored so that the parts add up to the whole", () => {
  it("gives the units floored away to the largest remainders", () => {
    expect(splitFloored(100, [84.6, 15.6])).toEqual([85, 15]);
    expect(splitFloored(10, [3.2, 3.3, 3.5])).toEqual([3, 3, 4]);
    expect(splitFloored(5, [5, 0])).toEqual([5, 0]);
  });

  it("splits each currency's total into its small and large parts", () => {
    const sums = brandSums({
      total_quantity: 3,
      total_quantity_small_wholesale: 2,
      total_quantity_large_wholesale: 1,
      total_cost: [
        { total_cost: 100.2, currency_sign: "$" },
        { total_cost: 540.5, currency_sign: "₽" },
      ],
      total_cost_small_wholesale: [
        { total_cost: 84.6, currency_sign: "$" },
        { total_cost: 540.5, currency_sign: "₽" },
      ],
      total_cost_large_wholesale: [{ total_cost: 15.6, currency_sign: "$" }],
    });
    expect(sums.total).toEqual([
      { total: 100, currency_sign: "$" },
      { total: 540, currency_sign: "₽" },
    ]);
    expect(sums.small).toEqual([
      { total: 85, currency_sign: "$" },
      { total: 540, currency_sign: "₽" },
    ]);
    expect(sums.large).toEqual([{ total: 15, currency_sign: "$" }]);
  });
});
