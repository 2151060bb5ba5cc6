import { integer, pgTable } from "drizzle-orm/pg-core";
import { clients } from "./clients.ts";
import { moment } from "./columns.ts";

/**
 * How fast each client is changing their order (modules/ordering/order-rate.ts): a token bucket kept as one
 * moment, `full_at`, when the client's bucket is full again (the generic cell rate algorithm's «theoretical
 * arrival time»). A change is let through while `full_at` is less than the burst's span ahead of now, and
 * pushes it one interval further. One row per client who has changed an order, shared by every instance.
 */
export const orderRateBuckets = pgTable("order_rate_buckets", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  fullAt: moment("full_at").notNull(),
});
