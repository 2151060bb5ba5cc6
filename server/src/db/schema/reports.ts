import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { clients } from "./clients.ts";
import { bytea, createdAt, id, moment, money } from "./columns.ts";

/** Generated spreadsheets live in the database, so any instance can serve a download. */
export const leftoverReports = pgTable(
  "leftover_reports",
  {
    id: id(),
    name: varchar("name", { length: 255 }).notNull(),
    file: bytea("file").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("leftover_reports_created_idx").on(t.createdAt.desc())],
);

export const clientReports = pgTable(
  "client_reports",
  {
    id: id(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    name: varchar("name", { length: 255 }).notNull(),
    total: money("total"),
    /** The invoice's business day and the client's wholesale type on it (the screen's sub-tabs). */
    day: date("day", { mode: "string" }).notNull(),
    clientType: smallint("client_type").notNull(),
    /** Sum per currency: `total` alone cannot say what an invoice in two currencies comes to. */
    totals: jsonb("totals").$type<{ total: number; currency_sign: string }[]>().notNull().default([]),
    file: bytea("file").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("client_reports_created_idx").on(t.createdAt.desc()),
    uniqueIndex("client_reports_client_day_uq").on(t.clientId, t.day),
  ],
);

/**
 * Invoices staff deleted, with the client-day's sums at that moment: the job does not make the invoice again
 * while the day's sums stay those (docs/back-office.md, «Statistics, reports and the home page»); «make now» does, and removes the row.
 */
export const deletedClientReports = pgTable(
  "deleted_client_reports",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    totals: jsonb("totals").$type<{ total: number; currency_sign: string }[]>().notNull(),
    deletedAt: moment("deleted_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);

export const dailyReports = pgTable(
  "daily_reports",
  {
    id: id(),
    name: varchar("name", { length: 255 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    file: bytea("file").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("daily_reports_created_idx").on(t.createdAt.desc()),
    uniqueIndex("daily_reports_day_uq").on(t.day),
  ],
);

/** Days whose daily report staff deleted: the job does not make it again; «make now» does, and removes the row. */
export const deletedDailyReports = pgTable("deleted_daily_reports", {
  day: date("day", { mode: "string" }).primaryKey(),
  deletedAt: moment("deleted_at").notNull().defaultNow(),
});
