import type { Db } from "../db/client.ts";
import { claimRun, isClaimed } from "../db/job-runs.ts";
import { addDays, businessDay } from "../lib/business-time.ts";
import type { Clock } from "../lib/clock.ts";
import type { DailyReportService, InvoiceService } from "../modules/reports/index.ts";
import type { Job } from "./scheduler.ts";

export const DAILY_REPORT_JOB = "daily-sales-report";
export const INVOICES_JOB = "invoices";
const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * The daily report of the business day that has just closed (yesterday in Moscow), once across instances:
 * the claim and the stored report share one transaction, as with the leftover report. The workbook is built
 * before it (only when the day is not yet claimed), because PGlite serves one transaction at a time. A day
 * whose report staff deleted is claimed with nothing made: the deletion stands.
 */
export async function runDailyReport(deps: {
  db: Db;
  clock: Clock;
  dailyReports: DailyReportService;
}): Promise<boolean> {
  const { dailyReports } = deps;
  const day = addDays(businessDay(deps.clock.now()), -1);
  if (await isClaimed(deps.db, DAILY_REPORT_JOB, day)) return false;
  const file = (await dailyReports.isDeleted(day)) ? null : await dailyReports.build(day);
  return deps.db.transaction(async (tx) => {
    if (!(await claimRun(tx, DAILY_REPORT_JOB, day))) return false;
    // Checked again under the claim: staff may have deleted the report while the workbook was built.
    if (file === null || (await dailyReports.isDeleted(day, tx))) return false;
    await dailyReports.store(day, file, tx);
    return true;
  });
}

/**
 * Invoices of clients whose day is collected, today's and yesterday's (a day collected after midnight). Each
 * invoice is an upsert on (client, day), so instances running this together still store one per client-day.
 */
export async function runDueInvoices(deps: { clock: Clock; invoices: InvoiceService }): Promise<number> {
  const today = businessDay(deps.clock.now());
  return (await deps.invoices.generateDue(addDays(today, -1))) + (await deps.invoices.generateDue(today));
}

export function invoiceAndDailyReportJobs(deps: {
  db: Db;
  clock: Clock;
  dailyReports: DailyReportService;
  invoices: InvoiceService;
}): Job[] {
  return [
    {
      name: DAILY_REPORT_JOB,
      intervalMs: CHECK_EVERY_MS,
      run: async () => {
        await runDailyReport(deps);
      },
    },
    {
      name: INVOICES_JOB,
      intervalMs: CHECK_EVERY_MS,
      run: async () => {
        await runDueInvoices(deps);
      },
    },
  ];
}
