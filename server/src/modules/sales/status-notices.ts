import { UNDO_WINDOW_MS } from "@wholesale/contract";
import { and, eq, gt, inArray, isNotNull, ne, notExists, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { clients, orderPositions, orders, outboxMessages } from "../../db/schema/index.ts";
import { changedOrderText, dayLabel, orderOfDay } from "../ordering/index.ts";
import { enqueueOutbox } from "../outbox/index.ts";

/**
 * Tells clients through the bot that their orders moved on: one message per order (never per position),
 * queued in the transaction of the change. `counts` is how many positions of each order were sent.
 */
export async function noticeSentToCollect(tx: Tx, counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const rows = await recipients(tx, [...counts.keys()]);
  await enqueueOutbox(
    tx,
    rows.map((r) => ({
      clientId: r.clientId,
      chatId: r.chatId,
      kind: "order_status",
      text: `Ваш заказ на ${dayLabel(r.day)} отправлен на сборку (позиций: ${counts.get(r.orderId) ?? 0}).`,
    })),
  );
}

/**
 * How long «Ваш заказ собран» waits before it goes out: the storehouse's undo window (contract's
 * UNDO_WINDOW_MS, the web's «Отменить» after «Собрано»), and 5 s for an undo pressed at its last moment to
 * reach the server over a slow line, so a mis-tap taken back never reaches the client.
 */
export const COLLECTED_NOTICE_DELAY_MS = UNDO_WINDOW_MS + 5_000;

const COLLECTED_KIND = "order_collected";

/**
 * «Ваш заказ собран (позиций: N)» for the orders among `orderIds` that have nothing left to collect, after the
 * undo window. It names how many positions it covers: a client may still add to the day's order, and a
 * position added afterwards is collected apart (and told apart), so «собран» alone read as the whole order.
 */
export async function noticeCollected(tx: Tx, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const pending = tx
    .select({ id: orderPositions.id })
    .from(orderPositions)
    .where(and(eq(orderPositions.orderId, orders.id), ne(orderPositions.status, "collected")));
  const rows = await recipients(tx, orderIds, notExists(pending));
  await enqueueOutbox(
    tx,
    rows.map((r) => ({
      clientId: r.clientId,
      chatId: r.chatId,
      kind: COLLECTED_KIND,
      orderId: r.orderId,
      text: `Ваш заказ на ${dayLabel(r.day)} собран (позиций: ${r.positions}).`,
      notBefore: new Date(now.getTime() + COLLECTED_NOTICE_DELAY_MS),
    })),
  );
}

/**
 * A position of a collected order unticked: its «собран» notice is taken back while it still waits out its
 * window (not yet due, so no delivery worker holds it). One that already went out stays sent.
 */
export async function withdrawCollectedNotice(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx
    .delete(outboxMessages)
    .where(
      and(
        eq(outboxMessages.orderId, orderId),
        eq(outboxMessages.kind, COLLECTED_KIND),
        eq(outboxMessages.status, "pending"),
        gt(outboxMessages.nextAttemptAt, now),
      ),
    );
}

async function recipients(tx: Tx, orderIds: number[], extra?: ReturnType<typeof notExists>) {
  const rows = await tx
    .select({
      orderId: orders.id,
      day: orders.openedOn,
      clientId: clients.id,
      chatId: clients.telegramId,
      positions:
        sql<number>`(select count(*) from ${orderPositions} where ${orderPositions.orderId} = ${orders.id})`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(and(inArray(orders.id, orderIds), isNotNull(clients.telegramId), extra));
  return rows.flatMap((r) => (r.chatId === null ? [] : [{ ...r, chatId: r.chatId }]));
}

/**
 * Tells the client that staff changed their order of `day` (a position's quantity or price, or a position
 * removed): one message with the order as it is now, queued in the change's transaction. Prices and totals
 * only for a client who may see prices, as «Мой заказ» shows them.
 */
export async function noticeOrderChanged(
  tx: Tx,
  change: { clientId: number; day: string; removed: string | null },
): Promise<void> {
  const [client] = await tx
    .select({ chatId: clients.telegramId, showPrices: clients.allowedPrice })
    .from(clients)
    .where(eq(clients.id, change.clientId));
  if (!client || client.chatId === null) return;
  const order = await orderOfDay(tx, change.clientId, change.day, client.showPrices);
  await enqueueOutbox(tx, [
    {
      clientId: change.clientId,
      chatId: client.chatId,
      kind: "order_changed",
      text: changedOrderText(order, change.removed),
    },
  ]);
}
