import type { TOrderPosition } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orderPositions } from "../../../db/schema/index.ts";
import { conflict, notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { findOrder } from "../order-reads.ts";
import { noticeCollected, withdrawCollectedNotice } from "../status-notices.ts";

/**
 * Ticks a position collected, or unticks it back to "sent to collect" (a mis-tap on the phone). Only what
 * the office sent to collect can be ticked; repeating a tick changes nothing.
 */
export async function markPosition(
  { db, clock }: { db: Db; clock: Clock },
  id: number,
  collected: boolean,
  accountId: number,
): Promise<TOrderPosition> {
  return db.transaction(async (tx) => {
    const [position] = await tx
      .select({ status: orderPositions.status, orderId: orderPositions.orderId })
      .from(orderPositions)
      .where(eq(orderPositions.id, id))
      .for("update");
    if (!position) throw notFound("Позиция заказа не найдена");
    if (position.status === "added") throw conflict("Позиция ещё не отправлена на сборку");
    const target = collected ? "collected" : "sent_to_collect";
    if (position.status !== target) {
      await tx
        .update(orderPositions)
        .set(
          collected
            ? { status: "collected", collectedAt: clock.now(), collectedBy: accountId }
            : { status: "sent_to_collect", collectedAt: null, collectedBy: null },
        )
        .where(eq(orderPositions.id, id));
      if (collected) await noticeCollected(tx, [position.orderId], clock.now());
      else await withdrawCollectedNotice(tx, position.orderId, clock.now());
    }
    const order = await findOrder(tx, position.orderId);
    const updated = order?.positions.find((p) => p.id === id);
    if (!updated) throw notFound("Позиция заказа не найдена");
    return updated;
  });
}
