import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { jobRuns } from "./schema/index.ts";

/**
 * Claims (name, runKey): true for exactly one caller across every instance sharing the database. Inside
 * a transaction the claim holds only if the transaction commits, so failed work is tried again.
 */
export async function claimRun(db: Db | Tx, name: string, runKey: string): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ name, runKey })
    .onConflictDoNothing()
    .returning({ name: jobRuns.name });
  return rows.length === 1;
}

/** Whether (name, runKey) is already claimed: a cheap look before preparing work that a claim would waste. */
export async function isClaimed(db: Db | Tx, name: string, runKey: string): Promise<boolean> {
  const rows = await db
    .select({ name: jobRuns.name })
    .from(jobRuns)
    .where(and(eq(jobRuns.name, name), eq(jobRuns.runKey, runKey)));
  return rows.length > 0;
}
