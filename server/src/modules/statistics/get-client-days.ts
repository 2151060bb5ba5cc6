import type { TClientDay, TClientOrdersQuery } from "@wholesale/contract";
import { and, asc, between, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addDays } from "../../lib/business-time.ts";
import { type SalesSources, T } from "./sales-sources.ts";
import { currencySigns, money, signOf } from "./sums.ts";

const WEEKDAYS = ["Воскресенье", "Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота"];

/** The Russian weekday of a calendar day. */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()] as string;

/** One client's sums per currency, one record per day of the range, days without orders included. */
export async function getClientDays(
  { db, sources }: { db: Db; sources: SalesSources },
  { client_id, date_from, date_to }: TClientOrdersQuery,
): Promise<TClientDay[]> {
  const t = T;
  const [signs, rows] = await Promise.all([
    currencySigns(db),
    db
      .select({ day: t.day, currencyId: t.currencyId, total: sql<string>`sum(${t.cost})` })
      .from(sources.orderTotals)
      .where(and(eq(t.clientId, client_id), between(t.day, date_from, date_to)))
      .groupBy(t.day, t.currencyId)
      .orderBy(asc(t.day), asc(t.currencyId)),
  ]);
  const byDay = new Map<string, TClientDay["totals"]>();
  for (const r of rows) {
    const list = byDay.get(r.day) ?? [];
    list.push({ total: money(r.total), currency_sign: signOf(signs, r.currencyId) });
    byDay.set(r.day, list);
  }
  const days: TClientDay[] = [];
  for (let day = date_from; day <= date_to; day = addDays(day, 1)) {
    const totals = byDay.get(day) ?? [];
    days.push({ date: day, weekday: weekdayOf(day), has_orders: totals.length > 0, totals });
  }
  return days;
}
