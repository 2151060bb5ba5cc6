import type { TBulkResult, TSendToCollect } from "@wholesale/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orderPositions, orders } from "../../../db/schema/index.ts";
import type { Clock } from "../../../lib/clock.ts";
import { noticeSentToCollect } from "../status-notices.ts";
import { selectOrdersToCollect } from "./select-orders-to-collect.ts";

const sentResult = (updated: number): TBulkResult => ({
  updated,
  detail:
    updated > 0
      ? `Отправлено на сборку позиций: ${updated}`
      : "Новых позиций для сборки нет: всё уже отправлено на сборку",
});

/**
 * Moves the selected `added` positions to `sent_to_collect` in one statement. Positions already sent or
 * collected are left alone, so repeating the call changes nothing and says so.
 */
export async function sendToCollect(
  { db, clock }: { db: Db; clock: Clock },
  request: TSendToCollect,
): Promise<TBulkResult> {
  const selected = await selectOrdersToCollect({ db, clock }, request);
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(orderPositions)
      .set({ status: "sent_to_collect", sentToCollectAt: clock.now() })
      .where(
        and(
          eq(orderPositions.status, "added"),
          inArray(orderPositions.orderId, tx.select({ id: orders.id }).from(orders).where(selected)),
        ),
      )
      .returning({ id: orderPositions.id, orderId: orderPositions.orderId });
    const perOrder = new Map<number, number>();
    for (const m of moved) perOrder.set(m.orderId, (perOrder.get(m.orderId) ?? 0) + 1);
    await noticeSentToCollect(tx, perOrder);
    return sentResult(moved.length);
  });
}
