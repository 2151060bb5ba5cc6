import type { TCollection, TCollectionDirection } from "@wholesale/contract";
import { and, eq, exists, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { orderPositions, orders } from "../../../db/schema/index.ts";
import { businessDay } from "../../../lib/business-time.ts";
import type { Clock } from "../../../lib/clock.ts";
import { selectOrders } from "../order-reads.ts";

/**
 * The storehouse's work: today's orders with positions sent to collect, grouped by direction (named
 * directions by name, clients without one last). Each order shows what was sent and what is collected.
 */
export async function getCollection({ db, clock }: { db: Db; clock: Clock }): Promise<TCollection> {
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
}
