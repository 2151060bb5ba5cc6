import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { currencies, modifications, orderPositions, orders, products } from "../../db/schema/index.ts";
import type { DayPosition } from "./limits.ts";
import { STATUS_LABELS } from "./messages.ts";
import type { CurrencyTotal, PositionView, TodayOrder } from "./types.ts";

/** The client's order of a business day (the first, should there ever be two), or undefined. */
export async function findDayOrder(db: Db | Tx, clientId: number, day: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.openedOn, day)))
    .orderBy(asc(orders.id))
    .limit(1);
  return order;
}

const roundMoney = (n: number) => Math.round(n * 100) / 100;

/** Today's positions with statuses, prices and totals per currency, as «Мой заказ» shows them. */
export async function todayOrder(db: Db | Tx, clientId: number, day: string): Promise<TodayOrder> {
  const order = await findDayOrder(db, clientId, day);
  if (!order) return { orderId: null, day, positions: [], totals: [] };
  const rows = await db
    .select({
      id: orderPositions.id,
      modificationId: orderPositions.modificationId,
      name: orderPositions.modificationName,
      quantity: orderPositions.quantity,
      price: orderPositions.price,
      currencyId: orderPositions.currencyId,
      currencySign: currencies.sign,
      status: orderPositions.status,
    })
    .from(orderPositions)
    .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
    .where(eq(orderPositions.orderId, order.id))
    .orderBy(asc(orderPositions.id));
  const positions: PositionView[] = rows.map((r) => ({
    ...r,
    statusLabel: STATUS_LABELS[r.status],
    sum: roundMoney(r.price * r.quantity),
    changeable: r.status === "added",
  }));
  const totals = new Map<number, CurrencyTotal>();
  for (const p of positions) {
    const t = totals.get(p.currencyId) ?? {
      currencyId: p.currencyId,
      currencySign: p.currencySign,
      amount: 0,
    };
    t.amount = roundMoney(t.amount + p.sum);
    totals.set(p.currencyId, t);
  }
  return { orderId: order.id, day, positions, totals: [...totals.values()] };
}

/** The order's positions with what the limits need (brand, exclusive flag), inside the client's lock. */
export async function dayPositions(
  tx: Db | Tx,
  orderId: number,
): Promise<(DayPosition & { status: string })[]> {
  return tx
    .select({
      id: orderPositions.id,
      modificationId: orderPositions.modificationId,
      brandId: products.brandId,
      exclusive: modifications.exclusive,
      quantity: orderPositions.quantity,
      price: orderPositions.price,
      currencyId: orderPositions.currencyId,
      status: orderPositions.status,
    })
    .from(orderPositions)
    .innerJoin(modifications, eq(modifications.id, orderPositions.modificationId))
    .innerJoin(products, eq(products.id, modifications.productId))
    .where(eq(orderPositions.orderId, orderId))
    .orderBy(asc(orderPositions.id));
}
