import type { TSendOrders, TSendOrdersResult } from "@wholesale/contract";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  clientGroups,
  clients,
  currencies,
  orderPositions,
  orders,
  transportations,
} from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { enqueueOutbox, type OutboxRow } from "../outbox/index.ts";

export const ORDERS_SUMMARY_KIND = "orders_summary";

type Line = { name: string; quantity: number; price: number; sign: string };

const money = (n: number) => n.toLocaleString("ru-RU", { maximumFractionDigits: 2 });

/**
 * The bot message: the day's positions and a total per currency. A client without `allowed_price` sees no
 * price anywhere in the bot (README, "Surcharge"), so their summary lists quantities only.
 */
export function ordersSummaryText(day: string, lines: Line[], showPrices: boolean): string {
  const [y, m, d] = day.split("-");
  const header = `Ваш заказ на ${d}.${m}.${y}:`;
  if (!showPrices)
    return [header, ...lines.map((l, i) => `${i + 1}. ${l.name} — ${l.quantity} шт.`)].join("\n");
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.sign, (totals.get(l.sign) ?? 0) + l.price * l.quantity);
  return [
    header,
    ...lines.map((l, i) => `${i + 1}. ${l.name} — ${l.quantity} шт. × ${money(l.price)} ${l.sign}`),
    `Итого: ${[...totals].map(([sign, sum]) => `${money(sum)} ${sign}`).join(", ")}`,
  ].join("\n");
}

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
      const withChat = targeted.filter((c) => c.telegramId !== null);
      const positions = withChat.length
        ? await db
            .select({
              clientId: orders.clientId,
              name: orderPositions.modificationName,
              addition: orderPositions.additionName,
              quantity: orderPositions.quantity,
              price: orderPositions.price,
              sign: currencies.sign,
            })
            .from(orders)
            .innerJoin(orderPositions, eq(orderPositions.orderId, orders.id))
            .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
            .where(
              and(
                eq(orders.openedOn, day),
                inArray(
                  orders.clientId,
                  withChat.map((c) => c.id),
                ),
              ),
            )
            .orderBy(asc(orders.clientId), asc(orderPositions.id))
        : [];
      const linesByClient = new Map<number, Line[]>();
      for (const p of positions) {
        const lines = linesByClient.get(p.clientId) ?? [];
        lines.push({
          name: p.addition ? `${p.name} (${p.addition})` : p.name,
          quantity: p.quantity,
          price: p.price,
          sign: p.sign,
        });
        linesByClient.set(p.clientId, lines);
      }
      const rows: OutboxRow[] = [];
      for (const client of withChat) {
        const lines = linesByClient.get(client.id);
        if (!lines || client.telegramId === null) continue;
        rows.push({
          clientId: client.id,
          chatId: client.telegramId,
          kind: ORDERS_SUMMARY_KIND,
          text: ordersSummaryText(day, lines, client.allowedPrice),
        });
      }
      await enqueueOutbox(db, rows);
      return { queued: rows.length, skipped: targeted.length - rows.length };
    },
  };
}
