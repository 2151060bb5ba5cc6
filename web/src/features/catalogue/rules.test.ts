import type { TPriceTier } from "@wholesale/contract";
import { describe, expect, it } from "vitest";
import { addRow, nextAvailability, priceFactor, rowsFromPrices, rowsToSave } from "./rules.ts";

const tier = (over: Partial<TPriceTier> = {}): TPriceTier => ({
  id: 1,
  modification: 9,
  currency: 1,
  currency_sign: "₽",
  quantity_from: 1,
  small_wholesale: 100,
  large_wholesale: 90,
  available_small_wholesale: true,
  available_large_wholesale: true,
  ...over,
});

describe("availability cycle", () => {
  it("goes true -> null -> false -> true", () => {
    expect(nextAvailability(true)).toBeNull();
    expect(nextAvailability(null)).toBe(false);
    expect(nextAvailability(false)).toBe(true);
  });
});

describe("price-tier rules", () => {
  it("a new row: 1 when there are none, else (row count after adding) * 5, currency 1, prices 1, available", () => {
    const first = addRow([]);
    expect(first[0]).toMatchObject({
      quantity_from: 1,
      currency: 1,
      small_wholesale: 1,
      large_wholesale: 1,
      available_small_wholesale: true,
      available_large_wholesale: true,
    });
    const third = addRow(addRow(first));
    expect(third.map((r) => r.quantity_from)).toEqual([1, 10, 15]);
  });

  it("the first row always starts at 1", () => {
    const rows = rowsFromPrices([tier({ quantity_from: 4 }), tier({ id: 2, quantity_from: 10 })]);
    expect(rows.map((r) => r.quantity_from)).toEqual([1, 10]);
    expect(rowsToSave([{ ...(rows[0] as (typeof rows)[0]), quantity_from: 7 }], [])[0]?.quantity_from).toBe(
      1,
    );
  });

  it("on save, a price changed from or to 1 sets its flag: true above 1, else false", () => {
    const original = [tier({ small_wholesale: 1, available_small_wholesale: false, large_wholesale: 90 })];
    const [row] = rowsFromPrices(original);
    const base = row as NonNullable<typeof row>;
    expect(rowsToSave([{ ...base, small_wholesale: 50 }], original)[0]?.available_small_wholesale).toBe(true);
    expect(rowsToSave([{ ...base, large_wholesale: 1 }], original)[0]?.available_large_wholesale).toBe(false);
    // Neither the old nor the new value is 1: the flag stays as the user left it.
    expect(
      rowsToSave([{ ...base, large_wholesale: 80, available_large_wholesale: false }], original)[0]
        ?.available_large_wholesale,
    ).toBe(false);
    // Unchanged price: the flag stays.
    expect(rowsToSave([base], original)[0]?.available_small_wholesale).toBe(false);
    // A new row's price starts at 1: raising it makes the type available, lowering to 0.5 does not.
    const [fresh] = addRow([]);
    expect(
      rowsToSave([{ ...(fresh as NonNullable<typeof fresh>), small_wholesale: 0.5 }], [])[0]
        ?.available_small_wholesale,
    ).toBe(false);
  });

  it("the price factor is new/old to 5 decimals with a decimal comma, and in percent, only for two positive rates", () => {
    expect(priceFactor(3, 2)).toEqual({ factor: "1,50000", percent: "+50\u00a0%" });
    expect(priceFactor(1, 3)).toEqual({ factor: "0,33333", percent: "-66,67\u00a0%" });
    expect(priceFactor(1, 1)).toEqual({ factor: "1,00000", percent: "0\u00a0%" });
    expect(priceFactor(0, 2)).toBeNull();
    expect(priceFactor(2, 0)).toBeNull();
    expect(priceFactor(Number.NaN, 2)).toBeNull();
  });
});
