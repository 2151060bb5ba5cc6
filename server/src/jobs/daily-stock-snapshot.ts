import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { DAILY_STOCK_SNAPSHOT_JOB, runDailyStockSnapshot } from "../modules/stock/index.ts";
import type { Job } from "./scheduler.ts";

/**
 * Checked every minute: the snapshot is the day's starting stock for the problem positions, so it should be
 * taken right after midnight; a check that finds the day claimed is one cheap insert.
 */
const CHECK_EVERY_MS = 60 * 1000;

export function dailyStockSnapshotJob(deps: { db: Db; clock: Clock }): Job {
  return {
    name: DAILY_STOCK_SNAPSHOT_JOB,
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await runDailyStockSnapshot(deps);
    },
  };
}
