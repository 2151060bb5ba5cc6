import type { TSendOrders, TSendOrdersResult } from "@wholesale/contract";
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clientGroups, clients, transportations } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { orderOfDay, orderText } from "../ordering/index.ts";
import { enqueueOutbox, type OutboxRow } from "../outbox/index.ts";

export const ORDERS_SUMMARY_KIND = "orders_summary";

export type SendOrdersService = ReturnType<typeof createSendOrdersService>;

/**
 * Queues each targeted client a summary of today's (Moscow) orders in the outbox, which the messaging
 * worker delivers. Clients without a Telegram chat or without orders today get nothing and are counted
 * as skipped.
 */
export function createSendOrdersService({ db, clock }: { db: Db; clock: Clock }) {
  async function target(input: TSendOrders): Promise<SQL> {
    if (input.telegram_id !== undefined) {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.telegramId, input.telegram_id));
      if (!row) throw notFound("Клиент не найден");
      return eq(clients.id, row.id);
    }
    if (input.group_id !== undefined) {
      const [row] = await db
        .select({ id: clientGroups.id })
        .from(clientGroups)
        .where(eq(clientGroups.id, input.group_id));
      if (!row) throw notFound("Группа не найдена");
      return eq(clients.groupId, row.id);
    }
    const id = input.transportation_id ?? 0;
    const [row] = await db
      .select({ id: transportations.id })
      .from(transportations)
      .where(eq(transportations.id, id));
    if (!row) throw notFound("Направление не найдено");
    return eq(clients.transportationId, row.id);
  }

  return {
    async send(input: TSendOrders): Promise<TSendOrdersResult> {
      const where = await target(input);
      const day = businessDay(clock.now());
      const targeted = await db
        .select({ id: clients.id, telegramId: clients.telegramId, allowedPrice: clients.allowedPrice })
        .from(clients)
        .where(where);
      const rows: OutboxRow[] = [];
      for (const client of targeted) {
        if (client.telegramId === null) continue;
        // «Мой заказ» as the bot shows it: the ordering module's order of the day and its text, one for both.
        const order = await orderOfDay(db, client.id, day, client.allowedPrice);
        if (order.positions.length === 0) continue;
        rows.push({
          clientId: client.id,
          chatId: client.telegramId,
          kind: ORDERS_SUMMARY_KIND,
          text: orderText(order),
        });
      }
      await enqueueOutbox(db, rows);
      return { queued: rows.length, skipped: targeted.length - rows.length };
    },
  };
}
