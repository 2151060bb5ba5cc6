import type { EmbeddedBackups } from "../backup/embedded-backups.ts";
import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { MessageService } from "../modules/messaging/index.ts";
import type { DailyReportService, InvoiceService, LeftoverService } from "../modules/reports/index.ts";
import { botUpdatesCleanupJob } from "./bot-updates-cleanup.ts";
import { dailyBackupJob } from "./daily-backup.ts";
import { dailyLeftoverReportJob } from "./daily-leftover-report.ts";
import { dailyStockSnapshotJob } from "./daily-stock-snapshot.ts";
import { invoiceAndDailyReportJobs } from "./invoices-and-daily-reports.ts";
import { marketNoticesJob } from "./market-notices.ts";
import { preparedListOpeningsJob } from "./prepared-list-openings.ts";
import { scheduledMessagesJob } from "./scheduled-messages.ts";
import type { Job } from "./scheduler.ts";
import { stockWaitJobs } from "./stock-waits.ts";

export { type Job, type Scheduler, startScheduler } from "./scheduler.ts";

/**
 * Every job a server runs, with the services the routes use (services.ts); the daily backup only where the
 * server keeps the embedded database's backups and they are on.
 */
export function scheduledJobs(deps: {
  db: Db;
  clock: Clock;
  leftover: LeftoverService;
  messages: MessageService;
  invoices: InvoiceService;
  dailyReports: DailyReportService;
  dailyBackups?: EmbeddedBackups;
  /** The Mini App's URL: a stock-back message's button opens it at the modification. */
  webAppUrl?: string;
}): Job[] {
  const { db, clock } = deps;
  return [
    dailyLeftoverReportJob({ db, clock, leftover: deps.leftover }),
    marketNoticesJob({ db, clock }),
    ...stockWaitJobs({ db, clock, webAppUrl: deps.webAppUrl }),
    preparedListOpeningsJob({ db, clock }),
    botUpdatesCleanupJob({ db, clock }),
    scheduledMessagesJob(deps.messages),
    dailyStockSnapshotJob({ db, clock }),
    ...(deps.dailyBackups ? [dailyBackupJob(deps.dailyBackups, clock)] : []),
    ...invoiceAndDailyReportJobs({ db, clock, invoices: deps.invoices, dailyReports: deps.dailyReports }),
  ];
}
