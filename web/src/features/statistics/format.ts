import type { TCurrencyTotal } from "@wholesale/contract";
import dayjs from "dayjs";
import { BUSINESS_TIME_ZONE } from "../../lib/format.ts";
import { formatMoney } from "../../lib/money.ts";

export const moneyList = (totals: TCurrencyTotal[], floor = true) =>
  totals.length ? totals.map((t) => formatMoney(t.total, t.currency_sign, floor)).join(" · ") : "—";

/** Sorting by a sum in several currencies uses the first one listed (currencies come in a fixed order). */
export const firstTotal = (totals: { total: number }[]) => totals[0]?.total ?? 0;

/** Sums per currency sign over several lists, in the order the signs first appear. */
export function sumTotals(lists: TCurrencyTotal[][]): TCurrencyTotal[] {
  const sums = new Map<string, number>();
  for (const list of lists)
    for (const t of list)
      sums.set(t.currency_sign, Math.round(((sums.get(t.currency_sign) ?? 0) + t.total) * 100) / 100);
  return [...sums].map(([currency_sign, total]) => ({ currency_sign, total }));
}

/** Today in Moscow, as a date input's value. */
export const todayInMoscow = () => dayjs().tz(BUSINESS_TIME_ZONE).format("YYYY-MM-DD");
export const daysAgoInMoscow = (days: number) =>
  dayjs().tz(BUSINESS_TIME_ZONE).subtract(days, "day").format("YYYY-MM-DD");

/** Dates shown in the Russian locale. */
export const russianDate = (day: string) => dayjs(day).format("DD.MM.YYYY");
