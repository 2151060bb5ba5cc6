import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { stockWaits } from "../../db/schema/index.ts";

/** How many clients wait for each of `modificationIds` now (pending, not run out); a modification none wait for is absent. */
export async function countWaiting(
  db: Db | Tx,
  modificationIds: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  if (modificationIds.length === 0) return new Map();
  const rows = await db
    .select({ modificationId: stockWaits.modificationId, waiting: count() })
    .from(stockWaits)
    .where(
      and(
        inArray(stockWaits.modificationId, [...modificationIds]),
        eq(stockWaits.state, "pending"),
        gt(stockWaits.expiresAt, now),
      ),
    )
    .groupBy(stockWaits.modificationId);
  return new Map(rows.map((r) => [r.modificationId, r.waiting]));
}
