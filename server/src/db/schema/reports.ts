import { date, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { clients } from "./clients.ts";
import { bytea, createdAt, id, money } from "./columns.ts";

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
