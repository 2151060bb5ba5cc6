import type { Db } from "../db/client.ts";
import { claimRun } from "../db/job-runs.ts";
import { businessDay } from "../lib/business-time.ts";
import type { Clock } from "../lib/clock.ts";
import type { LeftoverService } from "../modules/reports/index.ts";
import type { Job } from "./scheduler.ts";

export const DAILY_LEFTOVER_JOB = "daily-leftover-report";
/** How often an instance checks whether today's report is still to be made. */
const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * Makes the day's leftover report once per business day (Moscow), on the first check of the day. The
 * claim and the report share one transaction: another instance's claim waits on this one and then loses,
 * and a failed generation releases the day for the next check.
 */
export async function runDailyLeftoverReport(deps: {
  db: Db;
  clock: Clock;
  leftover: LeftoverService;
}): Promise<boolean> {
  const day = businessDay(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    if (!(await claimRun(tx, DAILY_LEFTOVER_JOB, day))) return false;
    await deps.leftover.generate(tx);
    return true;
  });
}

export function dailyLeftoverReportJob(deps: { db: Db; clock: Clock; leftover: LeftoverService }): Job {
  return {
    name: DAILY_LEFTOVER_JOB,
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await runDailyLeftoverReport(deps);
    },
  };
}
