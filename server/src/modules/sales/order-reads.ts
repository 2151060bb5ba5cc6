import type { TOrder } from "@wholesale/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { clients, orders, type PositionStatus, transportations } from "../../db/schema/index.ts";

/** A timestamp as `Date#toISOString` spells it (UTC, milliseconds cut, not rounded, as a `Date` keeps them). */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The orders `where` names (it may name clients' columns), each with its client and direction: the rows `h`
 * that orderObject reads. Callers add their order and paging.
 */
const orderHeads = (where: SQL | undefined) => sql`
  select ${orders.id} as id, ${orders.clientId} as client_id, ${orders.clientType} as client_type,
    ${orders.openedOn} as opened_on, ${orders.openedAt} as opened_at, ${clients.nickname} as nickname,
    ${clients.organizationName} as organization_name, ${clients.offline} as offline,
    ${clients.clientType} as current_client_type, ${transportations.id} as transportation_id,
    ${transportations.name} as transportation_name
  from ${orders}
  join ${clients} on ${clients.id} = ${orders.clientId}
  left join ${transportations} on ${transportations.id} = ${clients.transportationId}
  where ${where ?? sql`true`}`;

/**
 * The order of head `h` as the API shows it (TOrder), with its positions and totals per currency: the one
 * place an order's JSON is built, for the orders list, a single order and the storehouse's collection.
 * `statuses` narrows the positions (and so the totals) to those states, for the storehouse's view; an order's
 * `status` is still the least advanced of all its positions, so the storehouse can tell an order it has
 * collected everything of from one whose other positions the office has not sent yet («Заказ № N собран» was
 * said for both). The bot opens orders for wholesale clients only (2 or 3); the column is a plain smallint.
 */
function orderObject(statuses?: readonly PositionStatus[]): SQL {
  const shown = statuses
    ? sql`and p.status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const rank = sql`case p.status when 'added' then 0 when 'sent_to_collect' then 1 else 2 end`;
  return sql`json_build_object(
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
      where p.order_id = h.id ${shown}
    ), '[]'::json),
    'total', coalesce((
      select json_agg(json_build_object('currency', t.currency_id, 'currency_sign', t.sign, 'amount', t.amount)
        order by t.currency_id)
      from (
        select p.currency_id, cu.sign, sum(p.price * p.quantity) as amount
        from order_positions p join currencies cu on cu.id = p.currency_id
        where p.order_id = h.id ${shown}
        group by p.currency_id, cu.sign
      ) t
    ), '[]'::json)
  )`;
}

// Both drivers answer `execute` with `{ rows }` (node-postgres's QueryResult, PGlite's Results); the `Db` type
// leaves it unknown.
type TextRows<K extends string> = { rows: Record<K, string>[] };

/**
 * The orders `where` names, as the API shows them, in `orderBy`'s order (over the heads' columns: `opened_at`,
 * `id`, `transportation_name`…); `statuses` as orderObject's. The JSON is the database's, built by the same
 * piece as the page's.
 */
export async function selectOrders(
  db: Db | Tx,
  {
    where,
    orderBy,
    statuses,
  }: { where: SQL | undefined; orderBy: SQL; statuses?: readonly PositionStatus[] },
): Promise<TOrder[]> {
  const { rows } = (await db.execute(sql`
    select coalesce(json_agg(${orderObject(statuses)} order by ${orderBy}), '[]'::json)::text as list
    from (${orderHeads(where)}) h`)) as unknown as TextRows<"list">;
  return JSON.parse(rows[0]?.list ?? "[]") as TOrder[];
}

/** One order as the API shows it, or undefined. */
export async function findOrder(db: Db | Tx, id: number): Promise<TOrder | undefined> {
  const [order] = await selectOrders(db, { where: sql`${orders.id} = ${id}`, orderBy: sql`h.id` });
  return order;
}

/**
 * A page of orders as the API answers it (`{count, next, previous, results}`), in one statement: PostgreSQL
 * builds the whole answer's JSON (heads, positions, totals per currency, the count and which link applies) and
 * the text goes out as it is, neither parsed nor serialised again here. It had taken five statements (heads and
 * count, then positions and totals) assembled here, then the response schema's check and `JSON.stringify`: the
 * list every seller keeps open and polls now runs at the speed of its SQL (bench/RESULTS.md, «Orders list as
 * one statement»). orders.test.ts holds it to the contract's schema on every filter and page. `where` filters
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
  const { rows } = (await db.execute(sql`
    with heads as (
      ${orderHeads(condition)}
      order by ${orders.openedAt} desc, ${orders.id} desc
      limit ${limit} offset ${offset}
    )
    , counted as (${counted})
    select json_build_object(
      'count', (select count from counted),
      'next', case when ${offset + limit}::bigint < (select count from counted) then ${links.next}::text end,
      'previous', ${links.previous}::text,
      'results', coalesce((
        select json_agg(${orderObject()} order by h.opened_at desc, h.id desc)
        from heads h
      ), '[]'::json)
    )::text as page`)) as unknown as TextRows<"page">;
  const [row] = rows;
  if (!row) throw new Error("the orders page query returned no row");
  return row.page;
}
