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
 * positions (and so the totals) to those states, for the storehouse's view; an order's `status` is still the
 * least advanced of all its positions, so the storehouse can tell an order it has collected everything of
 * from one whose other positions the office has not sent yet («Заказ № N собран» was said for both).
 */
export async function withPositions(
  db: Db | Tx,
  heads: OrderHead[],
  statuses?: readonly PositionStatus[],
): Promise<TOrder[]> {
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.id);
  const shown = (status: PositionStatus) => !statuses || statuses.includes(status);
  const where = and(
    inArray(orderPositions.orderId, ids),
    statuses ? inArray(orderPositions.status, [...statuses]) : undefined,
  );
  const [positionRows, totalRows] = await readAll(db, [
    // Every position, also those `statuses` leaves out: they still count for the order's status.
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
        .where(inArray(orderPositions.orderId, ids))
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
  const least = new Map<number, TPositionStatus>();
  for (const p of positionRows) {
    const before = least.get(p.orderId);
    if (before === undefined || STATUS_RANK[p.status] < STATUS_RANK[before]) least.set(p.orderId, p.status);
    if (!shown(p.status)) continue;
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
      status: least.get(h.id) ?? "added",
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

/** A timestamp as `Date#toISOString` spells it (UTC, milliseconds cut, not rounded, as a `Date` keeps them). */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page of orders as the API answers it (`{count, next, previous, results}`), in one statement: PostgreSQL
 * builds the whole answer's JSON (heads, positions, totals per currency, the count and which link applies) and
 * the text goes out as it is, neither parsed nor serialised again here. It had taken five statements (heads and
 * count, then positions and totals) assembled here, then the response schema's check and `JSON.stringify`: the
 * list every seller keeps open and polls now runs at the speed of its SQL (bench/RESULTS.md, «Orders list as
 * one statement»). orders.test.ts holds it to the old assembly and to the contract's schema. `where` filters
 * orders (and may name clients' columns); `searchesClients` says whether it does, so the count joins clients
 * only then (the plain count is an index-only scan). `links` are `pageLinks`'s.
 */
export async function selectOrderPage(
  db: Db | Tx,
  {
    where,
    searchesClients,
    limit,
    offset,
    links,
  }: {
    where: SQL | undefined;
    searchesClients: boolean;
    limit: number;
    offset: number;
    links: { next: string; previous: string | null };
  },
): Promise<string> {
  const condition = where ?? sql`true`;
  const counted = searchesClients
    ? sql`select count(*) from ${orders} join ${clients} on ${clients.id} = ${orders.clientId} where ${condition}`
    : sql`select count(*) from ${orders} where ${condition}`;
  const rank = sql`case p.status when 'added' then 0 when 'sent_to_collect' then 1 else 2 end`;
  // Both drivers answer `execute` with `{ rows }` (node-postgres's QueryResult, PGlite's Results); the `Db` type
  // leaves it unknown.
  const { rows } = (await db.execute(sql`
    with heads as (
      select ${orders.id} as id, ${orders.clientId} as client_id, ${orders.clientType} as client_type,
        ${orders.openedOn} as opened_on, ${orders.openedAt} as opened_at, ${clients.nickname} as nickname,
        ${clients.organizationName} as organization_name, ${clients.offline} as offline,
        ${clients.clientType} as current_client_type, ${transportations.id} as transportation_id,
        ${transportations.name} as transportation_name
      from ${orders}
      join ${clients} on ${clients.id} = ${orders.clientId}
      left join ${transportations} on ${transportations.id} = ${clients.transportationId}
      where ${condition}
      order by ${orders.openedAt} desc, ${orders.id} desc
      limit ${limit} offset ${offset}
    )
    , counted as (${counted})
    select json_build_object(
      'count', (select count from counted),
      'next', case when ${offset + limit}::bigint < (select count from counted) then ${links.next}::text end,
      'previous', ${links.previous}::text,
      'results', coalesce((
        select json_agg(json_build_object(
          'id', h.id,
          'owner', h.client_id,
          'client', json_build_object(
            'id', h.client_id,
            'nickname', h.nickname,
            'organization_name', h.organization_name,
            'offline', h.offline,
            'client_type', case when h.current_client_type is null then null
              when h.current_client_type = 2 then 2 else 3 end
          ),
          'client_type', case when h.client_type = 2 then 2 else 3 end,
          'transportation', case when h.transportation_id is null then null
            else json_build_object('id', h.transportation_id, 'name', coalesce(h.transportation_name, '')) end,
          'status', coalesce((
            select (array['added', 'sent_to_collect', 'collected'])[1 + min(${rank})]
            from order_positions p where p.order_id = h.id
          ), 'added'),
          'opened_on', h.opened_on,
          'opened_at', ${isoTime(sql`h.opened_at`)},
          'positions', coalesce((
            select json_agg(json_build_object(
              'id', p.id,
              'order', p.order_id,
              'modification', p.modification_id,
              'modification_name', p.modification_name,
              'addition_name', p.addition_name,
              'price', p.price,
              'quantity', p.quantity,
              'status', p.status,
              'currency', p.currency_id,
              'currency_sign', cu.sign,
              'sent_to_collect_at', ${isoTime(sql`p.sent_to_collect_at`)},
              'collected_at', ${isoTime(sql`p.collected_at`)}
            ) order by p.id)
            from order_positions p join currencies cu on cu.id = p.currency_id
            where p.order_id = h.id
          ), '[]'::json),
          'total', coalesce((
            select json_agg(json_build_object('currency', t.currency_id, 'currency_sign', t.sign, 'amount', t.amount)
              order by t.currency_id)
            from (
              select p.currency_id, cu.sign, sum(p.price * p.quantity) as amount
              from order_positions p join currencies cu on cu.id = p.currency_id
              where p.order_id = h.id
              group by p.currency_id, cu.sign
            ) t
          ), '[]'::json)
        ) order by h.opened_at desc, h.id desc)
        from heads h
      ), '[]'::json)
    )::text as page`)) as unknown as { rows: { page: string }[] };
  const [row] = rows;
  if (!row) throw new Error("the orders page query returned no row");
  return row.page;
}
