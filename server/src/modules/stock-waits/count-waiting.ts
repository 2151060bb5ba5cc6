import { and, count, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { stockWaits } from "../../db/schema/index.ts";

/** Waits pending and not run out at `now` (the database's clock by default), for `modificationIds`. */
export const waitingFor = (modificationIds: readonly number[], now?: Date): SQL | undefined =>
  and(
    inArray(stockWaits.modificationId, [...modificationIds]),
    eq(stockWaits.state, "pending"),
    gt(stockWaits.expiresAt, now ?? sql`now()`),
  );

/**
 * How many clients wait for each of `modificationIds` («Ждут: N» on staff's screens); a modification none wait
 * for is absent.
 */
export async function countWaiting(
  db: Db | Tx,
  modificationIds: readonly number[],
  now?: Date,
): Promise<Map<number, number>> {
  if (modificationIds.length === 0) return new Map();
  const rows = await db
    .select({ modificationId: stockWaits.modificationId, waiting: count() })
    .from(stockWaits)
    .where(waitingFor(modificationIds, now))
    .groupBy(stockWaits.modificationId);
  return new Map(rows.map((r) => [r.modificationId, r.waiting]));
}
