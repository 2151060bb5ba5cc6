import { bigint, integer, pgTable } from "drizzle-orm/pg-core";
import { clients } from "./clients.ts";
import { moment } from "./columns.ts";

/**
 * How fast each client is changing their order (modules/ordering/order-rate.ts): a token bucket kept as one
 * moment, `full_at`, when the client's bucket is full again (the generic cell rate algorithm's «theoretical
 * arrival time»). A change is let through while `full_at` is less than the burst's span ahead of now, and
 * pushes it one interval further. One row per client who has changed an order, shared by every instance.
 *
 * `changes` counts the writes of the client's order positions, whoever makes them (triggers of migration 0014):
 * an add judged on a reading of the day's order is written only while the count is still the one read with it
 * (modules/ordering/add-position.ts), so nothing of the order changed between, without a lock held from the
 * reading to the write.
 */
export const orderRateBuckets = pgTable("order_rate_buckets", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  fullAt: moment("full_at").notNull(),
  changes: bigint("changes", { mode: "number" }).notNull().default(0),
});

/**
 * How fast each client asks what an add or a change would cost (a quote), as `order_rate_buckets` keeps their
 * changes, at the same pace: a quote answers whether the stock holds a quantity, so quotes without a pace found a
 * modification's exact stock by halving in 17 tries (583 quotes in 3 s from one client), the figure the answers
 * otherwise never name. A table of its own: a quote never waits on, nor holds, the row a client's adds lock.
 */
export const quoteRateBuckets = pgTable("quote_rate_buckets", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  fullAt: moment("full_at").notNull(),
});
