import type { TCurrencyTotal, TDashboard, TDaySales, TPermission } from "@wholesale/contract";
import { and, asc, between, count, eq, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import {
  brands,
  claims,
  modifications,
  orderPositions,
  orders,
  registrationRequests,
} from "../../db/schema/index.ts";
import { addDays, businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { describeMarketState, overallMarketState } from "../market/index.ts";
import { D, rollupSources, type SalesSources, T } from "./sales-sources.ts";
import type { StatisticsService } from "./statistics-service.ts";
import { type CurrencySigns, currencySigns, signOf } from "./sums.ts";

const TOP_BRANDS = 5;
const CHART_DAYS = 30;

export type DashboardService = ReturnType<typeof createDashboardService>;

/**
 * The home page's figures, each computed only for a role that may see it. Sales come from the rollups (tests
 * pass the plain GROUP BY sources to compare, as with the statistics).
 */
export function createDashboardService({
  db,
  clock,
  statistics,
  sources = rollupSources(),
}: {
  db: Db;
  clock: Clock;
  statistics: StatisticsService;
  sources?: SalesSources;
}) {
  const t = T;
  const d = D;
  const totalsFrom = (
    signs: CurrencySigns,
    rows: { currencyId: number; total: string }[],
  ): TCurrencyTotal[] =>
    rows.map((r) => ({ total: Number(r.total), currency_sign: signOf(signs, r.currencyId) }));

  async function daySales(signs: CurrencySigns, day: string): Promise<TDaySales> {
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

  async function sales(day: string, compareDay: string): Promise<NonNullable<TDashboard["sales"]>> {
    const signs = await currencySigns(db);
    const first = addDays(day, -(CHART_DAYS - 1));
    const [today, weekAgo, perDay, brandRows, low] = await Promise.all([
      daySales(signs, day),
      daySales(signs, compareDay),
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

  async function positions(day: string) {
    const rows = await db
      .select({ status: orderPositions.status, n: count() })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(eq(orders.openedOn, day))
      .groupBy(orderPositions.status);
    const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    return { to_send: of("added"), to_collect: of("sent_to_collect") };
  }

  async function market(now: Date): Promise<NonNullable<TDashboard["market"]>> {
    const state = await overallMarketState(db, now);
    return {
      is_open: state.open,
      active_schedules: state.scheduleNames,
      message: describeMarketState(state, now),
    };
  }

  return {
    async get(permissions: readonly TPermission[]): Promise<TDashboard> {
      const now = clock.now();
      const day = businessDay(now);
      const compareDay = addDays(day, -7);
      const may = (p: TPermission) => permissions.includes(p);
      const [salesPart, positionsPart, requests, openClaims, marketPart] = await Promise.all([
        may("statistics.read") ? sales(day, compareDay) : undefined,
        may("orders.read") ? positions(day) : undefined,
        may("clients.read")
          ? db
              .select({ n: count() })
              .from(registrationRequests)
              .where(and(eq(registrationRequests.confirmed, false), eq(registrationRequests.deleted, false)))
          : undefined,
        may("claims.manage")
          ? db.select({ n: count() }).from(claims).where(eq(claims.status, "not_reviewed"))
          : undefined,
        may("market.manage") ? market(now) : undefined,
      ]);
      return {
        day,
        compare_day: compareDay,
        sales: salesPart,
        positions: positionsPart,
        registration_requests: requests?.[0]?.n,
        open_claims: openClaims?.[0]?.n,
        market: marketPart,
      };
    },
  };
}
