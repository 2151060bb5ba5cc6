import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  currencies,
  modifications,
  orderPositions,
  orders,
  type PositionStatus,
  products,
} from "../../db/schema/index.ts";
import type { DayPosition } from "./limits.ts";
import { STATUS_LABELS } from "./messages.ts";
import { roundMoney } from "./price-list.ts";
import type { CurrencyTotal, TodayOrder } from "./types.ts";

/** A position of the day's order with what both the limits and «Мой заказ» need. */
export type DayRow = DayPosition & { name: string; currencySign: string; status: PositionStatus };

export type DayOrder = { orderId: number | null; positions: DayRow[] };

/**
 * The client's order of a business day (the first, should there ever be two) with its positions, in one
 * query: the ordering calls read it inside the client's lock and answer «Мой заказ» from it.
 */
export async function loadDayOrder(db: Db | Tx, clientId: number, day: string): Promise<DayOrder> {
  const rows = await db
    .select({
      orderId: orders.id,
      id: orderPositions.id,
      modificationId: orderPositions.modificationId,
      brandId: products.brandId,
      exclusive: modifications.exclusive,
      quantity: orderPositions.quantity,
      price: orderPositions.price,
      currencyId: orderPositions.currencyId,
      name: orderPositions.modificationName,
      currencySign: currencies.sign,
      status: orderPositions.status,
    })
    .from(orders)
    .leftJoin(orderPositions, eq(orderPositions.orderId, orders.id))
    .leftJoin(currencies, eq(currencies.id, orderPositions.currencyId))
    .leftJoin(modifications, eq(modifications.id, orderPositions.modificationId))
    .leftJoin(products, eq(products.id, modifications.productId))
    .where(and(eq(orders.clientId, clientId), eq(orders.openedOn, day)))
    .orderBy(asc(orders.id), asc(orderPositions.id));
  const orderId = rows[0]?.orderId ?? null;
  const positions: DayRow[] = [];
  for (const {
    orderId: of,
    id,
    modificationId,
    brandId,
    exclusive,
    quantity,
    price,
    currencyId,
    name,
    currencySign,
    status,
  } of rows) {
    // The inner joins of a position's own rows always match; nulls mean an order without positions.
    if (of !== orderId || id === null || modificationId === null || brandId === null || exclusive === null)
      continue;
    if (
      quantity === null ||
      price === null ||
      currencyId === null ||
      name === null ||
      currencySign === null ||
      status === null
    )
      continue;
    positions.push({
      id,
      modificationId,
      brandId,
      exclusive,
      quantity,
      price,
      currencyId,
      name,
      currencySign,
      status,
    });
  }
  return { orderId, positions };
}

/**
 * «Мой заказ»: positions with statuses, prices and sums, and totals per currency. A client who may not see
 * prices gets neither prices, sums nor totals: the answer itself holds none, so no view can show them.
 */
export function toTodayOrder(day: string, order: DayOrder, showPrices: boolean): TodayOrder {
  const positions = order.positions.map((r) => ({
    id: r.id,
    modificationId: r.modificationId,
    name: r.name,
    quantity: r.quantity,
    price: showPrices ? r.price : null,
    currencyId: r.currencyId,
    currencySign: r.currencySign,
    status: r.status,
    statusLabel: STATUS_LABELS[r.status],
    sum: showPrices ? roundMoney(r.price * r.quantity) : null,
    changeable: r.status === "added",
  }));
  return { orderId: order.orderId, day, positions, totals: showPrices ? totalsOf(order.positions) : null };
}

function totalsOf(positions: readonly DayRow[]): CurrencyTotal[] {
  const totals = new Map<number, CurrencyTotal>();
  for (const p of positions) {
    const t = totals.get(p.currencyId) ?? {
      currencyId: p.currencyId,
      currencySign: p.currencySign,
      amount: 0,
    };
    t.amount = roundMoney(t.amount + roundMoney(p.price * p.quantity));
    totals.set(p.currencyId, t);
  }
  return [...totals.values()];
}

export async function todayOrder(
  db: Db | Tx,
  clientId: number,
  day: string,
  showPrices: boolean,
): Promise<TodayOrder> {
  return toTodayOrder(day, await loadDayOrder(db, clientId, day), showPrices);
}
