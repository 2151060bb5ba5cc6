import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL, type TSendToCollect } from "@wholesale/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clients, orders, transportations } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import { businessDay } from "../../../lib/business-time.ts";
import type { Clock } from "../../../lib/clock.ts";

/** Orders the type selects: one order (any day), or today's orders of a direction or a wholesale type. */
export async function selectOrdersToCollect(
  { db, clock }: { db: Db; clock: Clock },
  request: TSendToCollect,
) {
  const today = eq(orders.openedOn, businessDay(clock.now()));
  switch (request.type) {
    case "order": {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, request.order_id));
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
