import { describe, expect, it } from "vitest";
import { formatAmount, formatPrice, formatTotals, lineSum, moneyList } from "./money.ts";

const NBSP = "\u00a0";
/** The expected text with ordinary spaces written as the formatter's no-break ones. */
const nb = (text: string) => text.replaceAll(" ", NBSP);

describe("formatPrice", () => {
  it("shows a price exactly, always with two digits of kopecks or cents when it has any", () => {
    expect(formatPrice(226.1, "₽")).toBe(nb("226,10 ₽"));
    expect(formatPrice(341.5, "₽")).toBe(nb("341,50 ₽"));
    expect(formatPrice(2.76, "$")).toBe(nb("2,76 $"));
    expect(formatPrice(3.13, "$")).toBe(nb("3,13 $"));
    expect(formatPrice(1999.99, "₽")).toBe(nb("1 999,99 ₽"));
  });

  it("shows a whole price without a fraction", () => {
    expect(formatPrice(226, "₽")).toBe(nb("226 ₽"));
    expect(formatPrice(1500, "₽")).toBe(nb("1 500 ₽"));
    expect(formatPrice(0, "₽")).toBe(nb("0 ₽"));
  });

  it("rounds a float's binary noise to the kopeck instead of showing or dropping it", () => {
    expect(formatPrice(0.1 + 0.2, "$")).toBe(nb("0,30 $"));
    expect(formatPrice(225.999999999, "₽")).toBe(nb("226 ₽"));
  });
});

describe("formatAmount", () => {
  it("floors a sum to whole units, as the spec asks", () => {
    expect(formatAmount(1024.5, "₽")).toBe(nb("1 024 ₽"));
    expect(formatAmount(1999.9, "₽")).toBe(nb("1 999 ₽"));
    expect(formatAmount(27.6, "$")).toBe(nb("27 $"));
  });

  it("does not floor a whole sum that binary arithmetic left a hair below", () => {
    expect(formatAmount(0.29 * 100, "₽")).toBe(nb("29 ₽"));
    expect(formatAmount(-0.001, "₽")).toBe(nb("0 ₽"));
  });

  it("keeps kopecks when asked, written as a price is", () => {
    expect(formatAmount(1250.5, "$", false)).toBe(nb("1 250,50 $"));
    expect(formatAmount(1250, "$", false)).toBe(nb("1 250 $"));
  });
});

describe("lineSum", () => {
  it("multiplies in kopecks", () => {
    expect(lineSum(341.5, 3)).toBe(1024.5);
    expect(lineSum(0.29, 100)).toBe(29);
    expect(lineSum(2.76, 10)).toBe(27.6);
  });
});

describe("lists of sums", () => {
  it("leaves no ordinary space inside an amount anywhere totals are listed", () => {
    const orders = formatTotals([{ currency: 1, currency_sign: "₽", amount: 12500 }]);
    const statistics = moneyList([
      { total: 12500, currency_sign: "₽" },
      { total: 10, currency_sign: "$" },
    ]);
    expect(orders).toBe(nb("12 500 ₽"));
    expect(statistics).toBe(`${nb("12 500 ₽")} · ${nb("10 $")}`);
  });

  it("answers «—» for no sums", () => {
    expect(moneyList([])).toBe("—");
  });
});
