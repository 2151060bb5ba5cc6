import { fromKopecks, lineSum, POSITION_STATUS_LABELS, toKopecks } from "@wholesale/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { type Bindable, fixedStatement } from "../../../db/fixed-statement.ts";
import { currencies, modifications, orderPositions, orders, products } from "../../../db/schema/index.ts";
import type { DayOrder, DayRow } from "../rules/kept-rows.ts";
import type { CurrencyTotal, PositionView, TodayOrder } from "../types.ts";
import { changesColumn } from "./order-rate.ts";
import { cachesOf, type KeptDay } from "./ordering-cache.ts";

/**
 * The client's order of a business day (the first, should there ever be two) with its positions, as one JSON
 * value: a select of its own (loadDayOrder), or a column of the statement that reads the modification an order
 * tap is about (modification-data.ts), so a tap reads both in one round trip. Each position's brand, exclusive
 * flag and currency sign are looked up by key, row by row (a modification or currency with positions cannot be
 * deleted): joined, the planner hashed the whole catalogue for a day's few positions on every tap.
 */
export function dayOrderColumn(
  clientId: Bindable<number>,
  day: Bindable<string>,
): SQL<StoredDayOrder | null> {
  return sql<StoredDayOrder | null>`(select json_build_object('orderId', o.id, 'positions', coalesce((
      select json_agg(json_build_object('id', p.id, 'modificationId', p.modification_id,
        'brandId', (select pr.brand_id from ${modifications} m join ${products} pr on pr.id = m.product_id
          where m.id = p.modification_id),
        'exclusive', (select m.exclusive from ${modifications} m where m.id = p.modification_id),
        'quantity', p.quantity, 'price', p.price, 'currencyId', p.currency_id, 'name', p.modification_name,
        'currencySign', (select c.sign from ${currencies} c where c.id = p.currency_id), 'status', p.status)
        order by p.id)
      from ${orderPositions} p where p.order_id = o.id), '[]'::json))
    from ${orders} o where o.client_id = ${clientId}::int and o.opened_on = ${day}::date order by o.id limit 1)`;
}

export type StoredDayOrder = { orderId: number; positions: DayRow[] };

/** The day's order from dayOrderColumn's value: no order yet is an order without id or positions. */
export const dayOrderOf = (stored: StoredDayOrder | null): DayOrder =>
  stored ?? { orderId: null, positions: [] };

/** The day's order with the client's count of changes, as one JSON value. */
export type DayRead = { order: StoredDayOrder | null; changes: number };

/**
 * The day's order and the client's count of changes as a column: of readDay, or of a statement that ends a
 * change (a prepared list's send records its answers with it), so the answer's order costs no round trip.
 */
export const dayReadColumn = (clientId: Bindable<number>, day: Bindable<string>): SQL<DayRead> =>
  sql<DayRead>`json_build_object('order', ${dayOrderColumn(clientId, day)},
    'changes', ${changesColumn(clientId)})`;

const readDay = fixedStatement<{ clientId: number; day: string }, DayRead>(
  (v) => sql`select ${dayReadColumn(v.clientId, v.day)} as r`,
);

/**
 * The day's order in a statement of its own, with the client's count of changes: «Мой заказ», an add whose
 * process keeps no reading of it (add-position.ts), and the changes that lock a position first.
 */
export async function readDayOrder(db: Db | Tx, clientId: number, day: string): Promise<KeptDay> {
  return keepDay(db, clientId, day, await readDay.run(db, { clientId, day }));
}

/** A reading of the day, kept for the client's next add where the database's cache runs (ordering-cache.ts `days`). */
export function keepDay(db: Db | Tx, clientId: number, day: string, read: DayRead): KeptDay {
  const kept = { day, order: dayOrderOf(read.order), changes: read.changes };
  cachesOf(db).days.set(clientId, kept);
  return kept;
}

export async function loadDayOrder(db: Db | Tx, clientId: number, day: string): Promise<DayOrder> {
  return (await readDayOrder(db, clientId, day)).order;
}

/**
 * «Мой заказ»: positions with statuses, prices and sums, and totals per currency. A client who may not see
 * prices gets neither prices, sums nor totals: the answer itself holds none, so no view can show them.
 */
export function toTodayOrder(day: string, order: DayOrder, showPrices: boolean): TodayOrder {
  const positions = order.positions.map((r) => positionView(r, showPrices));
  return { orderId: order.orderId, day, positions, totals: showPrices ? totalsOf(order.positions) : null };
}

/** One position as the client sees it: without price and sum for a client who may not see prices. */
export const positionView = (r: DayRow, showPrices: boolean): PositionView => ({
  id: r.id,
  modificationId: r.modificationId,
  name: r.name,
  quantity: r.quantity,
  price: showPrices ? r.price : null,
  currencyId: r.currencyId,
  currencySign: r.currencySign,
  status: r.status,
  statusLabel: POSITION_STATUS_LABELS[r.status].full,
  sum: showPrices ? lineSum(r.price, r.quantity) : null,
  changeable: r.status === "added",
});

function totalsOf(positions: readonly DayRow[]): CurrencyTotal[] {
  const totals = new Map<number, CurrencyTotal>();
  for (const p of positions) {
    const t = totals.get(p.currencyId) ?? {
      currencyId: p.currencyId,
      currencySign: p.currencySign,
      amount: 0,
    };
    // Added in whole kopecks: exact however many positions, never a float's drift.
    t.amount = fromKopecks(toKopecks(t.amount) + toKopecks(p.price) * p.quantity);
    totals.set(p.currencyId, t);
  }
  return [...totals.values()];
}

/** «Мой заказ» from a reading made by another statement (dayReadColumn), kept as readDayOrder keeps its own. */
export const todayOrderOf = (
  db: Db | Tx,
  clientId: number,
  day: string,
  showPrices: boolean,
  read: DayRead,
): TodayOrder => toTodayOrder(day, keepDay(db, clientId, day, read).order, showPrices);

export async function todayOrder(
  db: Db | Tx,
  clientId: number,
  day: string,
  showPrices: boolean,
): Promise<TodayOrder> {
  return toTodayOrder(day, await loadDayOrder(db, clientId, day), showPrices);
}
