import { describe, expect, it } from "vitest";
import { formatMoney, formatTotals, moneyList } from "./money.ts";

const NBSP = "\u00a0";

describe("formatMoney", () => {
  it("joins the amount and its sign with a no-break space, floored to whole units", () => {
    expect(formatMoney(1999.9, "₽")).toBe(`1${NBSP}999${NBSP}₽`);
  });

  it("keeps kopecks when asked", () => {
    expect(formatMoney(1250.5, "$", false)).toBe(`1${NBSP}250,5${NBSP}$`);
  });

  it("leaves no ordinary space inside an amount anywhere totals are listed", () => {
    const orders = formatTotals([{ currency: 1, currency_sign: "₽", amount: 12500 }]);
    const statistics = moneyList([
      { total: 12500, currency_sign: "₽" },
      { total: 10, currency_sign: "$" },
    ]);
    expect(orders).toBe(`12${NBSP}500${NBSP}₽`);
    expect(statistics).toBe(`12${NBSP}500${NBSP}₽ · 10${NBSP}$`);
  });
});
