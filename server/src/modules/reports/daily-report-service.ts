import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { StatisticsService } from "../statistics/index.ts";
import { buildDailyReport } from "./daily-reports/build-daily-report.ts";
import { deleteDailyReport } from "./daily-reports/delete-daily-report.ts";
import { getDailyReportFile } from "./daily-reports/get-daily-report-file.ts";
import { isDailyReportDeleted } from "./daily-reports/is-daily-report-deleted.ts";
import { listDailyReports } from "./daily-reports/list-daily-reports.ts";
import { storeDailyReport } from "./daily-reports/store-daily-report.ts";

export type DailyReportService = ReturnType<typeof createDailyReportService>;

/**
 * The daily report of a business day: its sales per client and per modification, read through the
 * statistics service (the same rollups and the same notion of a sale as the screens). One per day: making it
 * again replaces it.
 */
export function createDailyReportService({
  db,
  clock,
  statistics,
}: {
  db: Db;
  clock: Clock;
  statistics: StatisticsService;
}) {
  return {
    build: (day: string) => buildDailyReport({ db, statistics }, day),
    store: (day: string, file: Buffer, tx?: Tx) => storeDailyReport({ db, clock }, day, file, tx),
    isDeleted: (day: string, tx: Db | Tx = db) => isDailyReportDeleted(tx, day),
    list: (page: { limit: number; offset: number }) => listDailyReports(db, page),
    file: (id: number) => getDailyReportFile(db, id),
    remove: (id: number) => deleteDailyReport({ db, clock }, id),
  };
}
