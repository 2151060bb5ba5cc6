import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  type TBulkResult,
  type TCollection,
  type TCollectionDirection,
  type TOrderPosition,
  type TSendToCollect,
  type TSendToCollectPreview,
  type TUncollectedTransportation,
} from "@wholesale/contract";
import { and, asc, eq, exists, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { clients, orderPositions, orders, transportations } from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { findOrder, selectOrders } from "./order-reads.ts";
import { noticeCollected, noticeSentToCollect, withdrawCollectedNotice } from "./status-notices.ts";

const sentResult = (updated: number): TBulkResult => ({
  updated,
  detail:
    updated > 0
      ? `Отправлено на сборку позиций: ${updated}`
      : "Новых позиций для сборки нет: всё уже отправлено на сборку",
});

const collectedResult = (updated: number): TBulkResult => ({
  updated,
  detail: updated > 0 ? `Собрано позиций: ${updated}` : "Позиций, ожидающих сборки, нет",
});

export type CollectionService = ReturnType<typeof createCollectionService>;

export function createCollectionService({ db, clock }: { db: Db; clock: Clock }) {
  /** Orders the type selects: one order (any day), or today's orders of a direction or a wholesale type. */
  async function ordersOf(request: TSendToCollect) {
    const today = eq(orders.openedOn, businessDay(clock.now()));
    switch (request.type) {
      case "order": {
        const [order] = await db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.id, request.order_id));
        if (!order) throw notFound("Заказ не найден");
        return eq(orders.id, request.order_id);
      }
      case "transportation": {
        const [direction] = await db
          .select({ id: transportations.id })
          .from(transportations)
          .where(eq(transportations.id, request.transportation_id));
        if (!direction) throw notFound("Направление не найдено");
        const ofDirection = db
          .select({ id: clients.id })
          .from(clients)
          .where(eq(clients.transportationId, request.transportation_id));
        return and(today, inArray(orders.clientId, ofDirection));
      }
      case "small_wholesale":
        return and(today, eq(orders.clientType, CLIENT_TYPE_SMALL));
      case "large_wholesale":
        return and(today, eq(orders.clientType, CLIENT_TYPE_LARGE));
    }
  }

  return {
    /**
     * Moves the selected `added` positions to `sent_to_collect` in one statement. Positions already sent or
     * collected are left alone, so repeating the call changes nothing and says so.
     */
    async sendToCollect(request: TSendToCollect): Promise<TBulkResult> {
      const selected = await ordersOf(request);
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
    },

    /** What `sendToCollect` would move now: the same selection, counted (the web confirms with it). */
    async previewSendToCollect(request: TSendToCollect): Promise<TSendToCollectPreview> {
      const selected = await ordersOf(request);
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
    },

    /** Directions with positions of today's orders still to collect (added or sent to collect). */
    async uncollectedTransportations(): Promise<{ results: TUncollectedTransportation[] }> {
      const rows = await db
        .select({
          id: transportations.id,
          name: transportations.name,
          added: sql<number>`count(*) filter (where ${orderPositions.status} = 'added')::int`,
          sent: sql<number>`count(*) filter (where ${orderPositions.status} = 'sent_to_collect')::int`,
        })
        .from(orders)
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .innerJoin(transportations, eq(transportations.id, clients.transportationId))
        .innerJoin(orderPositions, eq(orderPositions.orderId, orders.id))
        .where(
          and(
            eq(orders.openedOn, businessDay(clock.now())),
            inArray(orderPositions.status, ["added", "sent_to_collect"]),
          ),
        )
        .groupBy(transportations.id, transportations.name)
        .orderBy(asc(transportations.name));
      return {
        results: rows.map((r) => ({
          id: r.id,
          name: r.name,
          added_count: r.added,
          sent_to_collect_count: r.sent,
        })),
      };
    },

    /**
     * The storehouse's work: today's orders with positions sent to collect, grouped by direction (named
     * directions by name, clients without one last). Each order shows what was sent and what is collected.
     */
    async collection(): Promise<TCollection> {
      const waiting = db
        .select({ one: sql`1` })
        .from(orderPositions)
        .where(and(eq(orderPositions.orderId, orders.id), eq(orderPositions.status, "sent_to_collect")));
      const list = await selectOrders(db, {
        where: and(eq(orders.openedOn, businessDay(clock.now())), exists(waiting)),
        orderBy: sql`h.transportation_name asc, h.opened_at desc, h.id desc`,
        statuses: ["sent_to_collect", "collected"],
      });
      const groups = new Map<number | null, TCollectionDirection>();
      for (const order of list) {
        const key = order.transportation?.id ?? null;
        const group = groups.get(key) ?? { transportation: order.transportation, orders: [] };
        group.orders.push(order);
        groups.set(key, group);
      }
      const results = [...groups.values()].sort(
        (a, b) => Number(a.transportation === null) - Number(b.transportation === null),
      );
      return { results };
    },

    /**
     * Ticks a position collected, or unticks it back to "sent to collect" (a mis-tap on the phone). Only what
     * the office sent to collect can be ticked; repeating a tick changes nothing.
     */
    async markPosition(id: number, collected: boolean, accountId: number): Promise<TOrderPosition> {
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
    },

    /** Marks every position of the order that was sent to collect as collected, in one statement. */
    async collectOrder(orderId: number, accountId: number): Promise<TBulkResult> {
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
    },
  };
}
