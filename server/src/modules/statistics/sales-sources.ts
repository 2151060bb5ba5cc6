import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  orderPositions,
  orders,
  salesClientMonths,
  salesDaily,
  salesOrderTotals,
} from "../../db/schema/index.ts";

/**
 * Where the statistics read their sales from: two relations, `t` (per order and currency) and `d` (per day,
 * client, wholesale type, modification and currency), either the rollup tables the triggers keep or the same
 * rows computed by a plain GROUP BY over the positions; and `m` (per month, client and currency: sum and
 * number of orders). The service answers from the rollups; tests and
 * benchmarks run the very same answers over the GROUP BY to compare.
 */
export type SalesSources = { orderTotals: SQL; daily: SQL; clientMonths: SQL };

const column = <T>(relation: string, name: string) =>
  sql<T>`${sql.identifier(relation)}.${sql.identifier(name)}`;

/** The columns of relation `t`. */
export const T = {
  orderId: column<number>("t", "order_id"),
  currencyId: column<number>("t", "currency_id"),
  day: column<string>("t", "day"),
  clientId: column<number>("t", "client_id"),
  clientType: column<number>("t", "client_type"),
  quantity: column<string>("t", "quantity"),
  cost: column<string>("t", "cost"),
};

/** The columns of relation `d`. */
export const D = {
  day: column<string>("d", "day"),
  clientId: column<number>("d", "client_id"),
  clientType: column<number>("d", "client_type"),
  modificationId: column<number>("d", "modification_id"),
  currencyId: column<number>("d", "currency_id"),
  quantity: column<string>("d", "quantity"),
  cost: column<string>("d", "cost"),
};

/** The columns of relation `m`. */
export const M = {
  month: column<string>("m", "month"),
  clientId: column<number>("m", "client_id"),
  currencyId: column<number>("m", "currency_id"),
  cost: column<string>("m", "cost"),
  orders: column<number>("m", "orders"),
};

export function rollupSources(): SalesSources {
  return {
    orderTotals: sql`${salesOrderTotals} as t`,
    daily: sql`${salesDaily} as d`,
    clientMonths: sql`${salesClientMonths} as m`,
  };
}

export function plainGroupBySources(db: Db): SalesSources {
  const p = orderPositions;
  const quantity = sql`sum(${p.quantity})`.as("quantity");
  const cost = sql`sum(${p.quantity} * ${p.price})`.as("cost");
  const orderTotals = db
    .select({
      orderId: sql`${p.orderId}`.as("order_id"),
      currencyId: sql`${p.currencyId}`.as("currency_id"),
      day: sql`${orders.openedOn}`.as("day"),
      clientId: sql`${orders.clientId}`.as("client_id"),
      clientType: sql`${orders.clientType}`.as("client_type"),
      quantity,
      cost,
    })
    .from(p)
    .innerJoin(orders, eq(orders.id, p.orderId))
    .groupBy(p.orderId, p.currencyId, orders.openedOn, orders.clientId, orders.clientType);
  const daily = db
    .select({
      day: sql`${orders.openedOn}`.as("day"),
      clientId: sql`${orders.clientId}`.as("client_id"),
      clientType: sql`${orders.clientType}`.as("client_type"),
      modificationId: sql`${p.modificationId}`.as("modification_id"),
      currencyId: sql`${p.currencyId}`.as("currency_id"),
      quantity,
      cost,
    })
    .from(p)
    .innerJoin(orders, eq(orders.id, p.orderId))
    .groupBy(orders.openedOn, orders.clientId, orders.clientType, p.modificationId, p.currencyId);
  const month = sql`date_trunc('month', ${orders.openedOn})::date`;
  const clientMonths = db
    .select({
      month: sql`${month}`.as("month"),
      clientId: sql`${orders.clientId}`.as("client_id"),
      currencyId: sql`${p.currencyId}`.as("currency_id"),
      cost,
      orders: sql`count(distinct ${p.orderId})`.as("orders"),
    })
    .from(p)
    .innerJoin(orders, eq(orders.id, p.orderId))
    .groupBy(month, orders.clientId, p.currencyId);
  return {
    orderTotals: sql`(${orderTotals}) as t`,
    daily: sql`(${daily}) as d`,
    clientMonths: sql`(${clientMonths}) as m`,
  };
}
