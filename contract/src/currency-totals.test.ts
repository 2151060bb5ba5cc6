import { describe, expect, it } from "vitest";
import { flooredUnits, sumCurrencyTotals, unitsDroppedByFloors } from "./currency-totals.ts";

const $ = (total: number) => ({ total, currency_sign: "$" });
const rub = (total: number) => ({ total, currency_sign: "₽" });

describe("a screen's totals", () => {
  it("adds exactly, in kopecks: no binary drift", () => {
    expect(sumCurrencyTotals([[$(0.1)], [$(0.2)], [rub(10)]])).toEqual([$(0.3), rub(10)]);
    expect(sumCurrencyTotals([])).toEqual([]);
  });

  it("floors to the kopeck first, as the money formatter does", () => {
    expect(flooredUnits(0.29 * 100)).toBe(29);
    expect(flooredUnits(84.95)).toBe(84);
  });

  it("names the units the rows' floors leave out of the floored total", () => {
    // 72,60 $ + 46,50 $ = 119,10 $: the rows read 72 $ and 46 $, the total 119 $.
    expect(unitsDroppedByFloors([[$(72.6)], [$(46.5)]])).toEqual([$(1)]);
    expect(
      unitsDroppedByFloors([
        [$(72.2), rub(5.5)],
        [$(46.3), rub(1.2)],
      ]),
    ).toEqual([]);
  });
});
