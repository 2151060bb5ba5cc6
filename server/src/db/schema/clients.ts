import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { createdAt, id, moment, money } from "./columns.ts";

export { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "@wholesale/contract";

export const clientGroups = pgTable("client_groups", {
  id: id(),
  name: varchar("name", { length: 200 }).notNull().unique(),
  /** Price coefficient applied to the group's prices (1 = no surcharge). */
  surcharge: numeric("surcharge", { precision: 8, scale: 4, mode: "number" }).notNull().default(1),
  isActive: boolean("is_active").notNull().default(true),
});

/** A delivery direction (transportation route); orders are collected per direction. */
export const transportations = pgTable("transportations", {
  id: id(),
  name: varchar("name", { length: 200 }).notNull().unique(),
  isActive: boolean("is_active").notNull().default(true),
  /** Telegram chat of the direction (e.g. the drivers' group), given on creation. */
  tgId: bigint("tg_id", { mode: "number" }),
});

export const organizations = pgTable("organizations", {
  id: id(),
  name: varchar("name", { length: 200 }).notNull(),
  managerId: integer("manager_id").references(() => accounts.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const clients = pgTable(
  "clients",
  {
    id: id(),
    telegramId: bigint("telegram_id", { mode: "number" }),
    telegramUsername: varchar("telegram_username", { length: 64 }),
    phoneNumber: varchar("phone_number", { length: 32 }),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    organizationName: varchar("organization_name", { length: 200 }).notNull().default("Не указано"),
    nickname: varchar("nickname", { length: 200 }).notNull(),
    /** A client served in person, without the bot; shown by nickname only. */
    offline: boolean("offline").notNull().default(false),
    groupId: integer("group_id").references(() => clientGroups.id, { onDelete: "set null" }),
    transportationId: integer("transportation_id").references(() => transportations.id, {
      onDelete: "set null",
    }),
    /** 3 small wholesale, 2 large wholesale; null until the client's volume is decided. */
    clientType: smallint("client_type"),
    isActive: boolean("is_active").notNull().default(false),
    banned: boolean("banned").notNull().default(false),
    permanentBanned: boolean("permanent_banned").notNull().default(false),
    suspicious: boolean("suspicious").notNull().default(false),
    allowedPrice: boolean("allowed_price").notNull().default(false),
    allowedPriceWMarkup: boolean("allowed_price_w_markup").notNull().default(false),
    /** Whether the client may also order from the small / large wholesale price list. */
    clientSmallWholesale: boolean("client_small_wholesale").notNull().default(false),
    clientLargeWholesale: boolean("client_large_wholesale").notNull().default(false),
    createdAt: createdAt(),
    /** Set when Telegram answered 403 (the client blocked the bot); cleared by the client's next update. */
    telegramUnreachableAt: moment("telegram_unreachable_at"),
  },
  (t) => [
    uniqueIndex("clients_telegram_id_uq").on(t.telegramId).where(sql`${t.telegramId} is not null`),
    index("clients_client_type_idx").on(t.clientType),
    index("clients_group_idx").on(t.groupId),
    index("clients_transportation_idx").on(t.transportationId),
    index("clients_organization_idx").on(t.organizationId),
  ],
);

export const accessRules = pgTable("access_rules", {
  id: id(),
  clientId: integer("client_id")
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: "cascade" }),
  /** Brand names whose other-wholesale price list the client may see. */
  allPrices: text("all_prices").array().notNull().default(sql`'{}'::text[]`),
  /** Brand names hidden from the client. */
  bannedBrands: text("banned_brands").array().notNull().default(sql`'{}'::text[]`),
  /** Cap on one order's sum; null means no cap. */
  totalLimit: money("total_limit"),
});

export const registrationRequests = pgTable(
  "registration_requests",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    confirmed: boolean("confirmed").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("registration_requests_open_idx").on(t.confirmed, t.deleted)],
);

/** Clients collected together, starting at a set time of day. */
export const collectionGroups = pgTable("collection_groups", {
  id: id(),
  name: varchar("name", { length: 200 }).notNull(),
  startCollectTime: time("start_collect_time").notNull(),
  isActive: boolean("is_active").notNull().default(true),
});

export const collectionGroupClients = pgTable(
  "collection_group_clients",
  {
    collectionGroupId: integer("collection_group_id")
      .notNull()
      .references(() => collectionGroups.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.collectionGroupId, t.clientId] })],
);
