import { describe, expect, it } from "vitest";
import { brandSums, formatShown } from "./brand-sums.ts";

const cost = (total_cost: number, currency_sign: string) => ({ total_cost, currency_sign });
const plain = (text: string) => text.replace(/\s+/g, " ");

describe("a brand's sums as its row shows them", () => {
  const sums = brandSums({
    total_quantity: 3,
    total_quantity_small_wholesale: 2,
    total_quantity_large_wholesale: 1,
    total_cost: [cost(100.2, "$"), cost(540.5, "₽")],
    total_cost_small_wholesale: [cost(84.6, "$"), cost(540.5, "₽")],
    total_cost_large_wholesale: [cost(15.6, "$")],
  });

  it("floors the total and never rounds a part up", () => {
    expect(sums.total).toEqual([
      { total: 100.2, currency_sign: "$" },
      { total: 540.5, currency_sign: "₽" },
    ]);
    expect(plain(formatShown(sums.small))).toBe("84,60 $ · 540 ₽");
    expect(plain(formatShown(sums.large))).toBe("15,60 $");
  });

  it("shows a currency's parts with kopecks only where their floors would fall short of the total", () => {
    // 84 $ + 15 $ would sit beside 100 $; the roubles' 540 ₽ + nothing make 540 ₽ floored.
    expect(sums.small.map((a) => a.exact)).toEqual([true, false]);
    const whole = brandSums({
      total_quantity: 2,
      total_quantity_small_wholesale: 1,
      total_quantity_large_wholesale: 1,
      total_cost: [cost(100.5, "$")],
      total_cost_small_wholesale: [cost(84.95, "$")],
      total_cost_large_wholesale: [cost(15.55, "$")],
    });
    // 84 + 15 = 99 against 100: exact. 84.95 is never shown as 85.
    expect(plain(formatShown(whole.small))).toBe("84,95 $");
    const floors = brandSums({
      total_quantity: 2,
      total_quantity_small_wholesale: 1,
      total_quantity_large_wholesale: 1,
      total_cost: [cost(100.5, "$")],
      total_cost_small_wholesale: [cost(84.2, "$")],
      total_cost_large_wholesale: [cost(16.3, "$")],
    });
    expect([formatShown(floors.small), formatShown(floors.large)].map(plain)).toEqual(["84 $", "16 $"]);
  });

  it("a part with no sales is «—»", () => {
    expect(formatShown([])).toBe("—");
  });
});
