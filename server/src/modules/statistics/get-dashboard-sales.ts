import type { TCurrencyTotal, TDashboard, TDaySales } from "@wholesale/contract";
import { asc, between, eq, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import { brands, modifications } from "../../db/schema/index.ts";
import { addDays } from "../../lib/business-time.ts";
import { D, type SalesSources, T } from "./sales-sources.ts";
import type { StatisticsService } from "./statistics-service.ts";
import { type CurrencySigns, currencySigns, signOf } from "./sums.ts";

const TOP_BRANDS = 5;
const CHART_DAYS = 30;
const t = T;
const d = D;

const totalsFrom = (signs: CurrencySigns, rows: { currencyId: number; total: string }[]): TCurrencyTotal[] =>
  rows.map((r) => ({ total: Number(r.total), currency_sign: signOf(signs, r.currencyId) }));

async function daySales(
  { db, sources }: { db: Db; sources: SalesSources },
  signs: CurrencySigns,
  day: string,
): Promise<TDaySales> {
  const [[counts], sums] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(distinct ${t.orderId})::int`,
        clients: sql<number>`count(distinct ${t.clientId})::int`,
      })
      .from(sources.orderTotals)
      .where(eq(t.day, day)),
    db
      .select({ currencyId: t.currencyId, total: sql<string>`sum(${t.cost})` })
      .from(sources.orderTotals)
      .where(eq(t.day, day))
      .groupBy(t.currencyId)
      .orderBy(asc(t.currencyId)),
  ]);
  return { orders: counts?.orders ?? 0, clients: counts?.clients ?? 0, totals: totalsFrom(signs, sums) };
}

/**
 * The sales part of the home page: a day against the day a week before, the last CHART_DAYS days per currency,
 * the day's top brands by units and how many problem positions it has.
 */
export async function getDashboardSales(
  { db, statistics, sources }: { db: Db; statistics: StatisticsService; sources: SalesSources },
  day: string,
  compareDay: string,
): Promise<NonNullable<TDashboard["sales"]>> {
  const signs = await currencySigns(db);
  const first = addDays(day, -(CHART_DAYS - 1));
  const [today, weekAgo, perDay, brandRows, low] = await Promise.all([
    daySales({ db, sources }, signs, day),
    daySales({ db, sources }, signs, compareDay),
    db
      .select({ day: t.day, currencyId: t.currencyId, total: sql<string>`sum(${t.cost})` })
      .from(sources.orderTotals)
      .where(between(t.day, first, day))
      .groupBy(t.day, t.currencyId)
      .orderBy(asc(t.day), asc(t.currencyId)),
    withProductAndBrand(
      db
        .select({
          name: brands.name,
          currencyId: d.currencyId,
          quantity: sql<string>`sum(${d.quantity})`,
          total: sql<string>`sum(${d.cost})`,
        })
        .from(sources.daily)
        .innerJoin(modifications, eq(modifications.id, d.modificationId))
        .$dynamic(),
    )
      .where(eq(d.day, day))
      .groupBy(brands.name, d.currencyId)
      .orderBy(asc(brands.name), asc(d.currencyId)),
    statistics.low(day),
  ]);
  const byDay = new Map<string, TCurrencyTotal[]>();
  for (const r of perDay) byDay.set(r.day, [...(byDay.get(r.day) ?? []), ...totalsFrom(signs, [r])]);
  const last30: { date: string; totals: TCurrencyTotal[] }[] = [];
  for (let d = first; d <= day; d = addDays(d, 1)) last30.push({ date: d, totals: byDay.get(d) ?? [] });
  const brandMap = new Map<string, { name: string; quantity: number; totals: TCurrencyTotal[] }>();
  for (const r of brandRows) {
    const entry = brandMap.get(r.name) ?? { name: r.name, quantity: 0, totals: [] };
    entry.quantity += Number(r.quantity);
    entry.totals.push(...totalsFrom(signs, [r]));
    brandMap.set(r.name, entry);
  }
  // Brands are ranked by units sold: sums in different currencies do not add up.
  const topBrands = [...brandMap.values()]
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name))
    .slice(0, TOP_BRANDS);
  return { today, week_ago: weekAgo, last_30_days: last30, top_brands: topBrands, low_stock: low.length };
}
