import { bigint, date, index, integer, numeric, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";

/**
 * Sales rollups, kept exact by row-level triggers on order_positions and orders (migration
 * `statistics_sql`), in the same transaction as every change of a position, whoever makes it.
 * A sale is every position of an order, whatever its status (docs/back-office.md, «Statistics, reports and the home page»).
 */

/** Per order and currency: the period, per-client-day and dashboard answers read this. */
export const salesOrderTotals = pgTable(
  "sales_order_totals",
  {
    orderId: integer("order_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    clientId: integer("client_id").notNull(),
    clientType: smallint("client_type").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    cost: numeric("cost", { precision: 18, scale: 2 }).notNull(),
    positions: integer("positions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.currencyId] }),
    index("sales_order_totals_day_idx").on(t.day, t.clientId, t.currencyId, t.cost),
    index("sales_order_totals_client_day_idx").on(t.clientId, t.day),
  ],
);

/** Per business day, client (with the order's wholesale type), modification and currency: the per-day answers. */
export const salesDaily = pgTable(
  "sales_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    clientId: integer("client_id").notNull(),
    clientType: smallint("client_type").notNull(),
    modificationId: integer("modification_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    cost: numeric("cost", { precision: 18, scale: 2 }).notNull(),
    positions: integer("positions").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.clientId, t.clientType, t.modificationId, t.currencyId] })],
);

/**
 * Per calendar month, client and currency: the period answer reads whole months here and only the days at the
 * range's edges from `sales_order_totals`, so a year costs about twelve rows per client. Kept by a trigger on
 * `sales_order_totals`.
 */
export const salesClientMonths = pgTable(
  "sales_client_months",
  {
    month: date("month", { mode: "string" }).notNull(),
    clientId: integer("client_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    cost: numeric("cost", { precision: 18, scale: 2 }).notNull(),
    /** Orders with positions in this currency (an order in two currencies counts in both). */
    orders: integer("orders").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.clientId, t.currencyId] })],
);

/** Each modification's stock at the start of a business day (Moscow), taken once a day by a job. */
export const stockSnapshots = pgTable(
  "stock_snapshots",
  {
    day: date("day", { mode: "string" }).notNull(),
    modificationId: integer("modification_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.modificationId] })],
);
