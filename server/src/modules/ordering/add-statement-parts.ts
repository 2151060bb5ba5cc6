import { type SQL, sql } from "drizzle-orm";
import type { Bindable } from "../../db/fixed-statement.ts";
import {
  brands,
  modifications,
  orderPositions,
  orders,
  preparedListApplied,
  products,
} from "../../db/schema/index.ts";
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

/**
 * The position written into the day's order (`day_order`): a new one, or the «Добавлен» one grown, only while
 * it is still of the quantity judged. Returns the position's id and its order's.
 */
export const positionPart = (kind: "insert" | "grow", v: PositionValues, when: SQL) =>
  kind === "insert"
    ? sql`insert into ${orderPositions}
          (order_id, modification_id, modification_name, price, quantity, currency_id, created_at)
        select id, ${v.modificationId}::int, ${v.name}::text, ${v.price}::numeric, ${v.total}::int,
          ${v.currencyId}::int, ${v.now}::timestamptz
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
 * A prepared list's line recorded with the position `position` that applies it (no conflict clause: a line
 * recorded already fails the whole statement, which so writes nothing).
 */
export const appliedPart = (sendId: Bindable<number>, place: Bindable<number>, position: string) =>
  sql`insert into ${preparedListApplied} (send_id, place, position_id)
    select ${sendId}::int, ${place}::int, id from ${sql.raw(position)} returning 1`;

/** Whether a driver's error (either driver's) is appliedPart's insert meeting the line's record (its key). */
export function recordedAlready(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === "23505" && e.constraint === "prepared_list_applied_send_id_place_pk";
}
