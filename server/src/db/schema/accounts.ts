import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { id, moment } from "./columns.ts";

/** Staff accounts of the back-office. */
export const accounts = pgTable(
  "accounts",
  {
    id: id(),
    username: varchar("username", { length: 150 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    isOffice: boolean("is_office").notNull().default(false),
    isStorehouse: boolean("is_storehouse").notNull().default(false),
    isSeller: boolean("is_seller").notNull().default(false),
    isSuperuser: boolean("is_superuser").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    dateJoined: moment("date_joined").notNull().defaultNow(),
    lastLogin: moment("last_login"),
    /** Bumped when the password changes or the account is disabled: every token issued before dies. */
    tokenVersion: integer("token_version").notNull().default(0),
  },
  (t) => [uniqueIndex("accounts_username_lower_uq").on(sql`lower(${t.username})`)],
);

/**
 * Activity log: one row per mutating request or sign-in attempt. `user_id` is deliberately not a
 * foreign key, so the history of a deleted account stays (and shows as "не определен").
 */
export const logEntries = pgTable(
  "log_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    requestMethod: varchar("request_method", { length: 10 }).notNull(),
    timestamp: moment("timestamp").notNull(),
    path: text("path").notNull(),
    userId: integer("user_id"),
    statusCode: smallint("status_code"),
    requestBody: jsonb("request_body"),
    ip: varchar("ip", { length: 64 }),
  },
  (t) => [index("log_entries_timestamp_idx").on(t.timestamp.desc(), t.id.desc())],
);

/** Failed sign-ins, kept briefly to rate-limit guessing per username and per IP across all instances. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: id(),
    username: varchar("username", { length: 150 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    at: moment("at").notNull(),
  },
  (t) => [
    index("login_failures_username_idx").on(t.username, t.at),
    index("login_failures_ip_idx").on(t.ip, t.at),
  ],
);
