const whole = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

/**
 * Every amount the app shows: the number and its currency sign joined by a no-break space, so a narrow cell
 * never leaves the sign alone on the next line (the ru-RU digit groups are no-break spaces already).
 * Floored to whole units as the spec asks; `floor: false` keeps kopecks (brand and group totals, prices).
 */
export const formatMoney = (amount: number, sign: string, floor = true) =>
  `${floor ? whole.format(Math.floor(amount)) : exact.format(amount)}\u00a0${sign}`;
