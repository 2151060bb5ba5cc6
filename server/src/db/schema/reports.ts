import { index, integer, pgTable, varchar } from "drizzle-orm/pg-core";
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
    file: bytea("file").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("client_reports_created_idx").on(t.createdAt.desc())],
);

export const dailyReports = pgTable(
  "daily_reports",
  {
    id: id(),
    name: varchar("name", { length: 255 }).notNull(),
    file: bytea("file").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("daily_reports_created_idx").on(t.createdAt.desc())],
);
