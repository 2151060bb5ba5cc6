import type { TCurrencyTotal, TOrderTotal } from "@wholesale/contract";
// The zod-free file: the contract's index carries zod, which neither first load may download.
import { flooredFigure, moneyFigure } from "@wholesale/contract/money";

/**
 * The one money formatter of the back-office and the Mini App. Two kinds of figures, two rules:
 * - a PRICE (the cost of one unit) is shown exactly: «226 ₽» when whole, otherwise always two digits
 *   («226,10 ₽», «2,76 $»), because the price is what the client is charged per unit;
 * - an AMOUNT (a sum: a position's, an order's, a day's) is floored to whole units, as the spec asks
 *   (part 1 §9), unless asked to stay exact (part 2 §9's brand and group totals, the client's own sums in the
 *   Mini App), when it is shown as a price is.
 * The figures are the contract's (money.ts): rounded to the kopeck first, so a floor never turns a whole 29 into
 * 28. The number and its sign are joined by a no-break space, so a narrow cell never leaves the sign
 * alone on the next line (ru-RU digit groups are no-break spaces already).
 */

const withSign = (figure: string, sign: string) => `${figure}\u00a0${sign}`;

/** A unit price, exactly: «226 ₽», «226,10 ₽». */
export const formatPrice = (price: number, sign: string) => withSign(moneyFigure(price), sign);

/** A sum, floored to whole units («1 024 ₽»); `floor: false` keeps kopecks as a price shows them. */
export const formatAmount = (amount: number, sign: string, floor = true) =>
  withSign(floor ? flooredFigure(amount) : moneyFigure(amount), sign);

/** A position's sum, price × quantity, computed in kopecks so that binary fractions cannot shift a floor. */
export { lineSum } from "@wholesale/contract/money";

/** Sums in several currencies side by side («12 500 ₽ · 10 $»); «—» when there are none. */
const formatAmounts = (amounts: { amount: number; sign: string }[], floor: boolean) =>
  amounts.length ? amounts.map((a) => formatAmount(a.amount, a.sign, floor)).join(" · ") : "—";

/** An order's totals per currency, floored; `floor: false` keeps kopecks. */
export const formatTotals = (totals: TOrderTotal[], floor = true) =>
  formatAmounts(
    totals.map((t) => ({ amount: t.amount, sign: t.currency_sign })),
    floor,
  );

/** Statistics' and reports' sums per currency; `floor: false` keeps kopecks. */
export const moneyList = (totals: TCurrencyTotal[], floor = true) =>
  formatAmounts(
    totals.map((t) => ({ amount: t.total, sign: t.currency_sign })),
    floor,
  );
