import type { TOrder, TOrderPosition, TOrderTotal, TPositionStatus } from "@wholesale/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { readAll } from "../../db/read-all.ts";
import {
  clients,
  currencies,
  orderPositions,
  orders,
  type PositionStatus,
  transportations,
} from "../../db/schema/index.ts";

/** What an order row needs beside its positions: the client and direction the web shows. */
const orderHeadColumns = {
  id: orders.id,
  clientId: orders.clientId,
  clientType: orders.clientType,
  openedOn: orders.openedOn,
  openedAt: orders.openedAt,
  nickname: clients.nickname,
  organizationName: clients.organizationName,
  offline: clients.offline,
  currentClientType: clients.clientType,
  transportationId: transportations.id,
  transportationName: transportations.name,
};

type OrderHead = {
  id: number;
  clientId: number;
  clientType: number;
  openedOn: string;
  openedAt: Date;
  nickname: string;
  organizationName: string;
  offline: boolean;
  currentClientType: number | null;
  transportationId: number | null;
  transportationName: string | null;
};

const STATUS_RANK: Record<PositionStatus, number> = { added: 0, sent_to_collect: 1, collected: 2 };

// The bot opens orders for wholesale clients only (2 or 3); the column is a plain smallint.
const asClientType = (value: number) => (value === 2 ? 2 : 3);

/** Order heads with their client and direction, for the given condition (callers add order and paging). */
export const selectOrderHeads = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select(orderHeadColumns)
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(transportations, eq(transportations.id, clients.transportationId))
    .where(where);

/**
 * The orders with their positions and totals per currency, in the order of `heads`. `statuses` narrows the
 * positions (and so the totals) to those states, for the storehouse's view.
 */
export async function withPositions(
  db: Db | Tx,
  heads: OrderHead[],
  statuses?: readonly PositionStatus[],
): Promise<TOrder[]> {
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.id);
  const where = and(
    inArray(orderPositions.orderId, ids),
    statuses ? inArray(orderPositions.status, [...statuses]) : undefined,
  );
  const [positionRows, totalRows] = await readAll(db, [
    () =>
      db
        .select({
          id: orderPositions.id,
          orderId: orderPositions.orderId,
          modificationId: orderPositions.modificationId,
          modificationName: orderPositions.modificationName,
          additionName: orderPositions.additionName,
          price: orderPositions.price,
          quantity: orderPositions.quantity,
          status: orderPositions.status,
          currencyId: orderPositions.currencyId,
          currencySign: currencies.sign,
          sentToCollectAt: orderPositions.sentToCollectAt,
          collectedAt: orderPositions.collectedAt,
        })
        .from(orderPositions)
        .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
        .where(where)
        .orderBy(asc(orderPositions.id)),
    () =>
      db
        .select({
          orderId: orderPositions.orderId,
          currency: orderPositions.currencyId,
          currencySign: currencies.sign,
          amount: sql<string>`sum(${orderPositions.price} * ${orderPositions.quantity})`,
        })
        .from(orderPositions)
        .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
        .where(where)
        .groupBy(orderPositions.orderId, orderPositions.currencyId, currencies.sign)
        .orderBy(asc(orderPositions.currencyId)),
  ]);

  const positions = new Map<number, TOrderPosition[]>();
  for (const p of positionRows) {
    const list = positions.get(p.orderId) ?? [];
    list.push({
      id: p.id,
      order: p.orderId,
      modification: p.modificationId,
      modification_name: p.modificationName,
      addition_name: p.additionName,
      price: p.price,
      quantity: p.quantity,
      status: p.status,
      currency: p.currencyId,
      currency_sign: p.currencySign,
      sent_to_collect_at: p.sentToCollectAt?.toISOString() ?? null,
      collected_at: p.collectedAt?.toISOString() ?? null,
    });
    positions.set(p.orderId, list);
  }
  const totals = new Map<number, TOrderTotal[]>();
  for (const t of totalRows) {
    const list = totals.get(t.orderId) ?? [];
    list.push({ currency: t.currency, currency_sign: t.currencySign, amount: Number(t.amount) });
    totals.set(t.orderId, list);
  }

  return heads.map((h) => {
    const own = positions.get(h.id) ?? [];
    const status = own.reduce<TPositionStatus>(
      (least, p) => (STATUS_RANK[p.status] < STATUS_RANK[least] ? p.status : least),
      "collected",
    );
    return {
      id: h.id,
      owner: h.clientId,
      client: {
        id: h.clientId,
        nickname: h.nickname,
        organization_name: h.organizationName,
        offline: h.offline,
        client_type: h.currentClientType === null ? null : asClientType(h.currentClientType),
      },
      client_type: asClientType(h.clientType),
      transportation:
        h.transportationId === null ? null : { id: h.transportationId, name: h.transportationName ?? "" },
      status: own.length ? status : "added",
      opened_on: h.openedOn,
      opened_at: h.openedAt.toISOString(),
      positions: own,
      total: totals.get(h.id) ?? [],
    };
  });
}

/** One order as the API shows it, or undefined. */
export async function findOrder(db: Db | Tx, id: number): Promise<TOrder | undefined> {
  const heads = await selectOrderHeads(db, eq(orders.id, id));
  const [order] = await withPositions(db, heads);
  return order;
}
