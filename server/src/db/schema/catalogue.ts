import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { clientGroups, clients, transportations } from "./clients.ts";
import { createdAt, id, money } from "./columns.ts";

export const currencies = pgTable("currencies", {
  id: id(),
  name: varchar("name", { length: 64 }).notNull().unique(),
  sign: varchar("sign", { length: 8 }).notNull(),
});

export const brands = pgTable("brands", {
  id: id(),
  name: varchar("name", { length: 200 }).notNull().unique(),
  description: text("description").notNull().default(""),
  /** The last brand-wide exclusivity setting, so the exclusivity dialog opens on the brand's real state. */
  exclusive: boolean("exclusive").notNull().default(false),
  exclusiveRatio: numeric("exclusive_ratio", { precision: 10, scale: 4, mode: "number" })
    .notNull()
    .default(0),
  exclusivePercent: numeric("exclusive_percent", { precision: 5, scale: 2, mode: "number" })
    .notNull()
    .default(0),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: id(),
    brandId: integer("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 200 }).notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("products_brand_name_uq").on(t.brandId, t.name)],
);

/** A sellable variant of a product: stock, availability per wholesale type and price tiers. */
export const modifications = pgTable(
  "modifications",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    name: varchar("name", { length: 200 }).notNull(),
    specifications: text("specifications").notNull().default(""),
    quantity: integer("quantity").notNull().default(0),
    /** Stock at the start of the business day (problematic-products report). */
    quantityOnStart: integer("quantity_on_start").notNull().default(0),
    /** Stock added by staff since the start of the day. */
    quantityAdded: integer("quantity_added").notNull().default(0),
    available: boolean("available").notNull().default(false),
    /** true, false, or null meaning "not decided" (shown as undefined in the offers table). */
    availableSmallWholesale: boolean("available_small_wholesale"),
    availableLargeWholesale: boolean("available_large_wholesale"),
    oneHandQuantity: integer("one_hand_quantity").notNull().default(0),
    oneHandLimited: boolean("one_hand_limited").notNull().default(false),
    exclusive: boolean("exclusive").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("modifications_product_name_uq").on(t.productId, t.name)],
);

export const priceTiers = pgTable(
  "price_tiers",
  {
    id: id(),
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id, { onDelete: "restrict" }),
    quantityFrom: integer("quantity_from").notNull().default(1),
    smallWholesale: money("small_wholesale").notNull(),
    largeWholesale: money("large_wholesale").notNull(),
    availableSmallWholesale: boolean("available_small_wholesale").notNull().default(true),
    availableLargeWholesale: boolean("available_large_wholesale").notNull().default(true),
  },
  (t) => [index("price_tiers_modification_idx").on(t.modificationId, t.quantityFrom)],
);

/** An optional extra sold with a modification (e.g. a charger), priced per wholesale type. */
export const additions = pgTable(
  "additions",
  {
    id: id(),
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    smallWholesale: money("small_wholesale").notNull(),
    largeWholesale: money("large_wholesale").notNull(),
  },
  (t) => [uniqueIndex("additions_modification_uq").on(t.modificationId)],
);

/**
 * Exclusive allocation of a modification: a client may buy `quantity` units per `ratio` of their other
 * purchases of the brand (set per brand through brands/exclusives/).
 */
export const exclusives = pgTable(
  "exclusives",
  {
    id: id(),
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(0),
    ratio: numeric("ratio", { precision: 10, scale: 4, mode: "number" }).notNull().default(0),
  },
  (t) => [index("exclusives_modification_idx").on(t.modificationId)],
);

/** "Available to clients": when any restriction row exists, only the listed audiences see the modification. */
export const modificationClients = pgTable(
  "modification_clients",
  {
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.modificationId, t.clientId] })],
);

export const modificationGroups = pgTable(
  "modification_groups",
  {
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => clientGroups.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.modificationId, t.groupId] })],
);

export const modificationTransportations = pgTable(
  "modification_transportations",
  {
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    transportationId: integer("transportation_id")
      .notNull()
      .references(() => transportations.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.modificationId, t.transportationId] })],
);
