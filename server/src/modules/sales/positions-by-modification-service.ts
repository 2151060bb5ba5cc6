import type { TModificationOrders } from "@wholesale/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clients, currencies, modifications, orderPositions, orders } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";

export type PositionsByModificationService = ReturnType<typeof createPositionsByModificationService>;

/** Today's (Moscow business day) client orders of one modification: the modification dialog's History. */
export function createPositionsByModificationService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(modificationId: number): Promise<TModificationOrders> {
      const [mod] = await db
        .select({ id: modifications.id })
        .from(modifications)
        .where(eq(modifications.id, modificationId));
      if (!mod) throw notFound("Модификация не найдена");
      const rows = await db
        .select({
          clientId: clients.id,
          nickname: clients.nickname,
          telegramUsername: clients.telegramUsername,
          price: orderPositions.price,
          sign: currencies.sign,
          quantity: sql<number>`sum(${orderPositions.quantity})::int`,
        })
        .from(orderPositions)
        .innerJoin(orders, eq(orders.id, orderPositions.orderId))
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
        .where(
          and(
            eq(orderPositions.modificationId, modificationId),
            eq(orders.openedOn, businessDay(clock.now())),
          ),
        )
        .groupBy(clients.id, orderPositions.price, currencies.sign)
        .orderBy(asc(clients.nickname), asc(clients.id), asc(orderPositions.price));
      const byClient = new Map<number, TModificationOrders[number]>();
      for (const r of rows) {
        let entry = byClient.get(r.clientId);
        if (!entry) {
          entry = {
            owner: { id: r.clientId, nickname: r.nickname, telegram_username: r.telegramUsername },
            quantity_sum: 0,
            quantity_by_price: [],
          };
          byClient.set(r.clientId, entry);
        }
        entry.quantity_sum += r.quantity;
        entry.quantity_by_price.push({
          quantity: r.quantity,
          price: { value: r.price, currency_sign: r.sign },
        });
      }
      return [...byClient.values()];
    },
  };
}
