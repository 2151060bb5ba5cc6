import type { TSendToCollect, TSendToCollectPreview } from "@wholesale/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orderPositions, orders } from "../../../db/schema/index.ts";
import type { Clock } from "../../../lib/clock.ts";
import { selectOrdersToCollect } from "./select-orders-to-collect.ts";

/** What `sendToCollect` would move now: the same selection, counted (the web confirms with it). */
export async function previewSendToCollect(
  { db, clock }: { db: Db; clock: Clock },
  request: TSendToCollect,
): Promise<TSendToCollectPreview> {
  const selected = await selectOrdersToCollect({ db, clock }, request);
  const [row] = await db
    .select({
      orders: sql<number>`count(distinct ${orderPositions.orderId})::int`,
      positions: sql<number>`count(*)::int`,
    })
    .from(orderPositions)
    .where(
      and(
        eq(orderPositions.status, "added"),
        inArray(orderPositions.orderId, db.select({ id: orders.id }).from(orders).where(selected)),
      ),
    );
  return { orders: row?.orders ?? 0, positions: row?.positions ?? 0 };
}
