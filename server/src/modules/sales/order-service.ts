import type { TOrder, TOrderPositionUpdate, ZOrderQuerySchema, z } from "@wholesale/contract";
import { and, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { clients, orderPositions, orders } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { moveStock, returnToExclusivePool, takeFromExclusivePool } from "../stock/index.ts";
import { findOrder, selectOrderPage } from "./order-reads.ts";
import { noticeOrderChanged } from "./status-notices.ts";

type OrderQuery = z.output<typeof ZOrderQuerySchema>;

/** Organization or nickname by case-insensitive substring, or the client id when the text is a number. */
function clientSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = containsPattern(search);
  const byName = or(ilike(clients.organizationName, like), ilike(clients.nickname, like));
  return /^\d{1,9}$/.test(search) ? or(byName, eq(clients.id, Number(search))) : byName;
}

/** Moves a modification's stock by `delta` (negative reserves, positive returns); 409 below zero. */
async function moveStockOrRefuse(tx: Tx, modificationId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  const moved = await moveStock(tx, modificationId, delta);
  if (!moved.ok) throw conflict(`Недостаточно товара на складе: в наличии ${moved.quantity} шт.`);
}

/**
 * Moves an exclusive modification's pool (what the bot may still sell of it) with its stock, as the bot's own
 * changes do, so staff edits cannot make the pool drift: units taken come from the pool (refused beyond it),
 * units given back return to it. A modification that is not exclusive has no pool.
 */
async function moveExclusive(tx: Tx, modificationId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  if (delta > 0) return returnToExclusivePool(tx, modificationId, delta);
  const taken = await takeFromExclusivePool(tx, modificationId, -delta);
  if (taken && !taken.ok) throw conflict(`Недостаточно эксклюзивного товара: осталось ${taken.quantity} шт.`);
}

/** The position, locked, with its order's client and day (whom a change is told to, and which order). */
async function lockPosition(tx: Tx, id: number) {
  const [found] = await tx
    .select({ position: orderPositions, clientId: orders.clientId, day: orders.openedOn })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(eq(orderPositions.id, id))
    .for("update", { of: orderPositions });
  if (!found) throw notFound("Позиция заказа не найдена");
  return found;
}

export type OrderService = ReturnType<typeof createOrderService>;

export function createOrderService({ db, clock }: { db: Db; clock: Clock }) {
  /** The API's page (`{count, next, previous, results}`) of a day's orders, as the JSON text the database built. */
  function pageJson(query: OrderQuery, links: { next: string; previous: string | null }): Promise<string> {
    const day = query.opened_at ?? businessDay(clock.now());
    const search = clientSearch(query.search);
    const where = and(
      eq(orders.openedOn, day),
      query.client_type === undefined ? undefined : eq(orders.clientType, query.client_type),
      search,
    );
    return selectOrderPage(db, {
      where,
      searchesClients: search !== undefined,
      limit: query.limit,
      offset: query.offset,
      links,
    });
  }

  return {
    /** A day's orders (today by default), newest first, with positions and totals per currency. */
    async list(query: OrderQuery): Promise<{ results: TOrder[]; count: number }> {
      const { results, count } = JSON.parse(await pageJson(query, { next: "", previous: null }));
      return { results, count };
    },

    pageJson,

    /**
     * New price and quantity of a position that is not collected yet. The stock (and an exclusive pool) moves
     * by the quantity difference (an order holds what it reserved); the order's total follows from the positions.
     * The client is told through the bot, unless the change changes nothing.
     */
    async updatePosition(id: number, input: TOrderPositionUpdate): Promise<TOrder> {
      return db.transaction(async (tx) => {
        const { position, clientId, day } = await lockPosition(tx, id);
        if (position.status === "collected") {
          throw conflict("Позиция уже собрана: изменить её нельзя");
        }
        // A save that changes nothing writes nothing and tells the client nothing.
        if (position.price !== input.price || position.quantity !== input.quantity) {
          const delta = position.quantity - input.quantity;
          await moveStockOrRefuse(tx, position.modificationId, delta);
          await moveExclusive(tx, position.modificationId, delta);
          await tx
            .update(orderPositions)
            .set({ price: input.price, quantity: input.quantity })
            .where(eq(orderPositions.id, id));
          await tx.update(orders).set({ updatedAt: clock.now() }).where(eq(orders.id, position.orderId));
          await noticeOrderChanged(tx, { clientId, day, removed: null });
        }
        const order = await findOrder(tx, position.orderId);
        if (!order) throw notFound("Заказ не найден");
        return order;
      });
    },

    /**
     * Removes a position that is not collected yet and returns its quantity to stock (and to an exclusive
     * pool). An order left without positions is removed too: it has nothing to show, collect or total. The
     * client is told through the bot.
     */
    async deletePosition(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { position, clientId, day } = await lockPosition(tx, id);
        if (position.status === "collected") {
          throw conflict("Позиция уже собрана: удалить её нельзя");
        }
        await moveStockOrRefuse(tx, position.modificationId, position.quantity);
        await moveExclusive(tx, position.modificationId, position.quantity);
        await tx.delete(orderPositions).where(eq(orderPositions.id, id));
        const [left] = await tx
          .select({ n: count() })
          .from(orderPositions)
          .where(eq(orderPositions.orderId, position.orderId));
        if ((left?.n ?? 0) === 0) await tx.delete(orders).where(eq(orders.id, position.orderId));
        else await tx.update(orders).set({ updatedAt: clock.now() }).where(eq(orders.id, position.orderId));
        await noticeOrderChanged(tx, { clientId, day, removed: position.modificationName });
      });
    },
  };
}
