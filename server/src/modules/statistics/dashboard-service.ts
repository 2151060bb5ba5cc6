import type { TDashboard, TPermission } from "@wholesale/contract";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { claims, orderPositions, orders, registrationRequests } from "../../db/schema/index.ts";
import { addDays, businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { describeMarketState, overallMarketState } from "../market/index.ts";
import { getDashboardSales } from "./get-dashboard-sales.ts";
import { rollupSources, type SalesSources } from "./sales-sources.ts";
import type { StatisticsService } from "./statistics-service.ts";

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
        may("statistics.read") ? getDashboardSales({ db, statistics, sources }, day, compareDay) : undefined,
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
