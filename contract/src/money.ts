/**
 * Money's one arithmetic, for the server, the back-office, the Mini App and the bot alike. Prices and sums are
 * numbers of units with kopecks (hundredths of any currency); they are compared, carried and added in whole
 * kopecks, so binary fractions never drift (0.29 × 100 is 28.999… in binary).
 */

/** Money as a whole number of kopecks: prices compared, carried (the API's `price_kopecks`) or added exactly. */
export const toKopecks = (amount: number) => Math.round(amount * 100);

/** Whole kopecks back to money. */
export const fromKopecks = (kopecks: number) => kopecks / 100;

/** A price a client confirmed, sent in kopecks, or none (a client shown no prices confirms none). */
export const confirmedPriceOf = (kopecks: number | null) => (kopecks === null ? null : fromKopecks(kopecks));

/** Money to the kopeck. */
export const roundMoney = (amount: number) => fromKopecks(toKopecks(amount));

/** A position's sum, price × quantity, computed in kopecks. */
export const lineSum = (price: number, quantity: number) => fromKopecks(toKopecks(price) * quantity);

const whole = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
const twoDigits = new Intl.NumberFormat("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money as shown exactly, without its sign: «226» when whole, otherwise always two digits of kopecks
 * («226,10», «2,76»), never «226,1». Digit groups are ru-RU's no-break spaces.
 */
export function moneyFigure(amount: number): string {
  const kopecks = toKopecks(amount);
  // `|| 0` turns -0 into 0, which Intl would print as «-0».
  return kopecks % 100 === 0
    ? whole.format(fromKopecks(kopecks) || 0)
    : twoDigits.format(fromKopecks(kopecks));
}

/** Money floored to whole units, without its sign (rounded to the kopeck first, so 29.00 stays 29). */
export const flooredFigure = (amount: number) =>
  whole.format(Math.floor(fromKopecks(toKopecks(amount))) || 0);
