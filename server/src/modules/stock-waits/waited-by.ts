import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { stockWaits } from "../../db/schema/index.ts";

/**
 * Which of `modificationIds` the client waits for now (pending, not run out, as «Мои ожидания» lists them):
 * the Mini App marks its rows and cards with it.
 */
export async function waitedBy(
  db: Db | Tx,
  clientId: number,
  modificationIds: readonly number[],
  now: Date,
): Promise<ReadonlySet<number>> {
  if (modificationIds.length === 0) return new Set();
  const rows = await db
    .select({ modificationId: stockWaits.modificationId })
    .from(stockWaits)
    .where(
      and(
        eq(stockWaits.clientId, clientId),
        inArray(stockWaits.modificationId, [...modificationIds]),
        eq(stockWaits.state, "pending"),
        gt(stockWaits.expiresAt, now),
      ),
    );
  return new Set(rows.map((r) => r.modificationId));
}
