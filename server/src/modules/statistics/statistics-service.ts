import type { TClientOrdersQuery, TDateStatisticsQuery, TPeriodQuery } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { findLowStock } from "./find-low-stock.ts";
import { getBrandTotals } from "./get-brand-totals.ts";
import { getClientDays } from "./get-client-days.ts";
import { getModificationTotals } from "./get-modification-totals.ts";
import { getPeriodTotals } from "./get-period-totals.ts";
import { rollupSources, type SalesSources } from "./sales-sources.ts";

export type StatisticsService = ReturnType<typeof createStatisticsService>;

/** Every statistics answer, read from the rollups (never from the positions themselves). */
export function createStatisticsService({
  db,
  clock,
  sources = rollupSources(),
}: {
  db: Db;
  clock: Clock;
  sources?: SalesSources;
}) {
  const deps = { db, clock, sources };
  return {
    period: (query: TPeriodQuery) => getPeriodTotals(deps, query),
    clientOrders: (query: TClientOrdersQuery) => getClientDays(deps, query),
    byBrand: (day: string) => getBrandTotals(deps, day),
    byDate: (query: TDateStatisticsQuery) => getModificationTotals(deps, query),
    low: (day: string) => findLowStock(deps, day),
  };
}
