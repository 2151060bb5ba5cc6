import { type SQL, sql } from "drizzle-orm";
import type { Bindable } from "../../../db/fixed-statement.ts";
import {
  brands,
  modifications,
  orderPositions,
  orders,
  preparedListApplied,
  preparedListLines,
  products,
} from "../../../db/schema/index.ts";
import { type Audience, visibleTo } from "./visibility.ts";

/**
 * The parts of an add's statement that a tap's (add-position.ts) and a list's batch (add-lines.ts) write alike,
 * each the body of a WITH query; `when` is the condition the part waits on (the CTEs before it it needs).
 */

/** `exists (select 1 from <name>)`: a WITH query's rows, as a condition (and an order of evaluation). */
export const after = (name: string) => sql.raw(`exists (select 1 from ${name})`);

/** The modification as the client sees it: a row when visibleTo lets them (unrestricted: known restricted to nobody). */
export const visiblePart = (a: Audience, modificationId: Bindable<number>, restricted: boolean) =>
  sql`select 1 from ${modifications}
    join ${products} on ${products.id} = ${modifications.productId}
    join ${brands} on ${brands.id} = ${products.brandId}
    where ${modifications.id} = ${modificationId}::int and ${visibleTo(a, { unrestricted: !restricted })}`;

type DayValues = {
  clientId: Bindable<number>;
  clientType: Bindable<number>;
  day: Bindable<string>;
  now: Bindable<string>;
  orderId: Bindable<number>;
};

/** The day's order opened (the client's first position of the day) or marked changed, only while it is still theirs. */
export const dayOrderPart = (order: "open" | "touch", v: DayValues, when: SQL) =>
  order === "open"
    ? sql`insert into ${orders} (client_id, client_type, opened_on, opened_at, updated_at)
        select ${v.clientId}::int, ${v.clientType}::smallint, ${v.day}::date, ${v.now}::timestamptz,
          ${v.now}::timestamptz
        where ${when} returning id`
    : sql`update ${orders} set updated_at = ${v.now}::timestamptz
        where ${orders.id} = ${v.orderId}::int and ${orders.clientId} = ${v.clientId}::int
          and ${orders.openedOn} = ${v.day}::date and ${when} returning id`;

type PositionValues = {
  modificationId: Bindable<number>;
  name: Bindable<string>;
  price: Bindable<number>;
  currencyId: Bindable<number>;
  /** The position's quantity after the add. */
  total: Bindable<number>;
  /** The «Добавлен» position it grows, and its quantity as judged. */
  positionId: Bindable<number>;
  held: Bindable<number>;
  now: Bindable<string>;
};

/** Whether the day's order has a position of `status` (`day_order.id`, read before the statement writes). */
const orderHas = (status: "added" | "collected") =>
  sql`exists (select 1 from ${orderPositions} held
    where held.order_id = day_order.id and held.status = ${sql.raw(`'${status}'`)})`;

/**
 * A new position joining an order the storehouse has collected from, with nothing of it left unsent, goes
 * straight to collection: the office had released the whole order, and a position left «Добавлен» would wait
 * unseen by the storehouse, whose «Сборка» had dropped the collected order, while the client had been told
 * «собран». The day kept in memory follows the same rule (weighing.ts, `addedRow`).
 */
const joinsCollected = sql`${orderHas("collected")} and not ${orderHas("added")}`;

/**
 * The position written into the day's order (`day_order`): a new one, or the «Добавлен» one grown, only while
 * it is still of the quantity judged. Returns the position's id and its order's.
 */
export const positionPart = (kind: "insert" | "grow", v: PositionValues, when: SQL) =>
  kind === "insert"
    ? sql`insert into ${orderPositions} (order_id, modification_id, modification_name, price, quantity,
          currency_id, created_at, status, sent_to_collect_at)
        select id, ${v.modificationId}::int, ${v.name}::text, ${v.price}::numeric, ${v.total}::int,
          ${v.currencyId}::int, ${v.now}::timestamptz,
          case when ${joinsCollected} then 'sent_to_collect' else 'added' end,
          case when ${joinsCollected} then ${v.now}::timestamptz end
        from day_order where ${when} returning id, order_id`
    : sql`update ${orderPositions}
        set quantity = ${v.total}::int, price = ${v.price}::numeric, currency_id = ${v.currencyId}::int
        where ${orderPositions.id} = ${v.positionId}::int and ${orderPositions.status} = 'added'
          and ${orderPositions.quantity} = ${v.held}::int and ${after("day_order")} and ${when}
        returning id, order_id`;

/** The units taken from the stock, once the position `position` is written. */
export const stockTakenPart = (modificationId: Bindable<number>, delta: Bindable<number>, position: string) =>
  sql`update ${modifications} set quantity = ${modifications.quantity} - ${delta}::int
    where ${modifications.id} = ${modificationId}::int and ${after(position)} returning 1`;

/**
 * A prepared list's line recorded with the position `position` that applies it, and taken off the client's list
 * (a line of a repeated order, `line` 0, is on no list). No conflict clause: a line recorded already, by this send
 * or by any other, fails the whole statement, which so writes nothing. A line grown since the send copied it (a
 * paste added to it) keeps what was not sent, as a line of its own (a new id: the one sent is recorded applied).
 */
export const appliedParts = (
  v: { clientId: Bindable<number>; sendId: Bindable<number> },
  at: { place: Bindable<number>; line: Bindable<number>; delta: Bindable<number> },
  names: { position: string; applied: string },
) => {
  const line = sql`${preparedListLines.clientId} = ${v.clientId}::int
    and ${preparedListLines.id} = (select line_id from ${sql.raw(names.applied)})`;
  return [
    sql`${sql.raw(names.applied)} as (insert into ${preparedListApplied} (send_id, place, position_id, line_id)
      select ${v.sendId}::int, ${at.place}::int, id, nullif(${at.line}::int, 0) from ${sql.raw(names.position)}
      returning line_id)`,
    sql`${sql.raw(`un${names.applied}`)} as (delete from ${preparedListLines}
      where ${line} and ${preparedListLines.quantity} <= ${at.delta}::int)`,
    sql`${sql.raw(`rest${names.applied}`)} as (update ${preparedListLines}
      set id = nextval(pg_get_serial_sequence('prepared_list_lines', 'id')),
        quantity = ${preparedListLines.quantity} - ${at.delta}::int
      where ${line} and ${preparedListLines.quantity} > ${at.delta}::int)`,
  ];
};

/** The keys a line's record meets when the line was applied already: its send's place, or its list's line. */
const APPLIED_KEYS = new Set(["prepared_list_applied_send_id_place_pk", "prepared_list_applied_line_idx"]);

/** Whether a driver's error (either driver's) is appliedParts' insert meeting the line's record (a key). */
export function recordedAlready(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === "23505" && typeof e.constraint === "string" && APPLIED_KEYS.has(e.constraint);
}
