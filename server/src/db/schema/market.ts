import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, primaryKey, smallint, time, varchar } from "drizzle-orm/pg-core";
import { clientGroups, clients, transportations } from "./clients.ts";
import { createdAt, id, moment } from "./columns.ts";

/** When the market (ordering through the bot) is open, and for whom. */
export const marketSchedules = pgTable("market_schedules", {
  id: id(),
  name: varchar("name", { length: 200 }).notNull(),
  isActive: boolean("is_active").notNull().default(true),
  isManuallyOpened: boolean("is_manually_opened").notNull().default(false),
  /** When staff last opened it by hand: the opening «Открытие маркета» counts from. */
  openedAt: moment("opened_at"),
  /** Automatic close of a manual opening; null means it stays open until closed. */
  closeTime: moment("close_time"),
  /**
   * A manual close inside an opening interval: the intervals keep the market closed until this moment
   * (the end of the interval occurrence that was running when staff closed it).
   */
  closedUntil: moment("closed_until"),
  clientTypes: smallint("client_types").array().notNull().default(sql`'{}'::smallint[]`),
  createdAt: createdAt(),
});

/** A daily opening interval; an end earlier than the start wraps past midnight. */
export const timeIntervals = pgTable("time_intervals", {
  id: id(),
  scheduleId: integer("schedule_id")
    .notNull()
    .references(() => marketSchedules.id, { onDelete: "cascade" }),
  startTime: time("start_time").notNull(),
  endTime: time("end_time").notNull(),
  isActive: boolean("is_active").notNull().default(true),
});

export const marketScheduleGroups = pgTable(
  "market_schedule_groups",
  {
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => marketSchedules.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => clientGroups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.groupId] })],
);

export const marketScheduleTransportations = pgTable(
  "market_schedule_transportations",
  {
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => marketSchedules.id, { onDelete: "cascade" }),
    transportationId: integer("transportation_id")
      .notNull()
      .references(() => transportations.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.transportationId] })],
);

export const marketScheduleClients = pgTable(
  "market_schedule_clients",
  {
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => marketSchedules.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.clientId] })],
);

/**
 * What the ordering rules refused and the server failed, by second: each instance counts in memory and adds its
 * counts every second, so «Открытие маркета» sees every instance's refusals without a write per refusal.
 */
export const marketPulse = pgTable(
  "market_pulse",
  {
    second: moment("second").notNull(),
    /** `refused_stock`, `refused_limit`, `refused_pace` or `server_error`. */
    kind: varchar("kind", { length: 32 }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.second, t.kind] })],
);
