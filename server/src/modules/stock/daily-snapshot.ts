import { and, eq, lt, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { claimRun } from "../../db/job-runs.ts";
import { jobRuns, modifications, stockSnapshots } from "../../db/schema/index.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";

export const DAILY_STOCK_SNAPSHOT_JOB = "daily-stock-snapshot";

/** The last business day before `day` whose snapshot was taken. */
async function previousSnapshotDay(tx: Tx, day: string): Promise<string | null> {
  const [row] = await tx
    .select({ day: max(jobRuns.runKey) })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, DAILY_STOCK_SNAPSHOT_JOB), lt(jobRuns.runKey, day)));
  return row?.day ?? null;
}

/**
 * Records every modification's stock as the start of the business day (Moscow), once per day across
 * instances: the claim, the snapshot rows and the reset of `quantity_on_start` / `quantity_added` share one
 * transaction, so another instance's claim waits and then loses, and a failure releases the day.
 *
 * A modification created after the previous snapshot has no row for that day, yet its start there was its
 * `quantity_on_start` (its first stock), which the problem positions showed while the day ran: that row is
 * recorded before the reset, so the past day answers as it did on the day.
 */
export async function runDailyStockSnapshot(deps: { db: Db; clock: Clock }): Promise<boolean> {
  const day = businessDay(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    if (!(await claimRun(tx, DAILY_STOCK_SNAPSHOT_JOB, day))) return false;
    const previous = await previousSnapshotDay(tx, day);
    if (previous !== null)
      await tx.execute(sql`insert into ${stockSnapshots} (day, modification_id, quantity)
        select ${previous}, ${modifications.id}, ${modifications.quantityOnStart} from ${modifications}
        on conflict do nothing`);
    await tx.execute(sql`insert into ${stockSnapshots} (day, modification_id, quantity)
      select ${day}, ${modifications.id}, ${modifications.quantity} from ${modifications}
      on conflict do nothing`);
    await tx.update(modifications).set({ quantityOnStart: sql`${modifications.quantity}`, quantityAdded: 0 });
    return true;
  });
}
