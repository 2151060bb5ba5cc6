import type { TCurrencyTotal, TOrderTotal } from "@wholesale/contract";

const whole = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

/**
 * Every amount the app shows: the number and its currency sign joined by a no-break space, so a narrow cell
 * never leaves the sign alone on the next line (the ru-RU digit groups are no-break spaces already).
 * Floored to whole units as the spec asks; `floor: false` keeps kopecks (brand and group totals, prices).
 */
export const formatMoney = (amount: number, sign: string, floor = true) =>
  `${floor ? whole.format(Math.floor(amount)) : exact.format(amount)}\u00a0${sign}`;

/** Sums in several currencies side by side («12 500 ₽ · 10 $»); «—» when there are none. */
const formatAmounts = (amounts: { amount: number; sign: string }[], floor: boolean) =>
  amounts.length ? amounts.map((a) => formatMoney(a.amount, a.sign, floor)).join(" · ") : "—";

/** An order's totals per currency, floored. */
export const formatTotals = (totals: TOrderTotal[]) =>
  formatAmounts(
    totals.map((t) => ({ amount: t.amount, sign: t.currency_sign })),
    true,
  );

/** Statistics' and reports' sums per currency; `floor: false` keeps kopecks. */
export const moneyList = (totals: TCurrencyTotal[], floor = true) =>
  formatAmounts(
    totals.map((t) => ({ amount: t.total, sign: t.currency_sign })),
    floor,
  );
