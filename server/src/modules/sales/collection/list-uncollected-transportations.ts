import type { TUncollectedTransportation } from "@wholesale/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clients, orderPositions, orders, transportations } from "../../../db/schema/index.ts";
import { businessDay } from "../../../lib/business-time.ts";
import type { Clock } from "../../../lib/clock.ts";

/** Directions with positions of today's orders still to collect (added or sent to collect). */
export async function listUncollectedTransportations({
  db,
  clock,
}: {
  db: Db;
  clock: Clock;
}): Promise<{ results: TUncollectedTransportation[] }> {
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
}
