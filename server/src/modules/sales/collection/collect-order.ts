import type { TBulkResult } from "@wholesale/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orderPositions, orders } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { noticeCollected } from "../status-notices.ts";

const collectedResult = (updated: number): TBulkResult => ({
  updated,
  detail: updated > 0 ? `Собрано позиций: ${updated}` : "Позиций, ожидающих сборки, нет",
});

/** Marks every position of the order that was sent to collect as collected, in one statement. */
export async function collectOrder(
  { db, clock }: { db: Db; clock: Clock },
  orderId: number,
  accountId: number,
): Promise<TBulkResult> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("Заказ не найден");
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(orderPositions)
      .set({ status: "collected", collectedAt: clock.now(), collectedBy: accountId })
      .where(and(eq(orderPositions.orderId, orderId), eq(orderPositions.status, "sent_to_collect")))
      .returning({ id: orderPositions.id });
    if (moved.length > 0) await noticeCollected(tx, [orderId], clock.now());
    return collectedResult(moved.length);
  });
}
