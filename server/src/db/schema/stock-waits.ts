import { sql } from "drizzle-orm";
import { index, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { modifications } from "./catalogue.ts";
import { clients } from "./clients.ts";
import { createdAt, id, moment } from "./columns.ts";
import { outboxMessages } from "./messaging.ts";

export const STOCK_WAIT_STATES = ["pending", "announced", "cancelled"] as const;
export type StockWaitState = (typeof STOCK_WAIT_STATES)[number];

/**
 * A client's «Сообщить о поступлении» for a modification out of stock for them. `pending` until the
 * modification is back for them (then `announced`, with the outbox row that tells them) or they cancel it; a
 * pending wait past `expires_at` is over without a word (neither listed nor announced). An announcement whose
 * stock is gone again before it leaves is taken back and its wait is pending again.
 */
export const stockWaits = pgTable(
  "stock_waits",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    state: varchar("state", { length: 16 }).$type<StockWaitState>().notNull().default("pending"),
    createdAt: createdAt(),
    expiresAt: moment("expires_at").notNull(),
    announcedAt: moment("announced_at"),
    cancelledAt: moment("cancelled_at"),
    /** The message that announces it; checked again when it is sent (a cancelled wait's is not). */
    outboxId: integer("outbox_id").references(() => outboxMessages.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("stock_waits_pending_uq").on(t.clientId, t.modificationId).where(sql`${t.state} = 'pending'`),
    index("stock_waits_pending_modification_idx").on(t.modificationId).where(sql`${t.state} = 'pending'`),
    index("stock_waits_outbox_idx").on(t.outboxId).where(sql`${t.outboxId} is not null`),
    index("stock_waits_created_idx").on(t.createdAt),
  ],
);
