import { date, index, integer, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { additions, currencies, modifications } from "./catalogue.ts";
import { clients } from "./clients.ts";
import { createdAt, id, moment, money } from "./columns.ts";

export const POSITION_STATUSES = ["added", "sent_to_collect", "collected"] as const;
export type PositionStatus = (typeof POSITION_STATUSES)[number];

/** A client's order for one business day; positions are added to it through the bot. */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    /** The client's type when the order was opened: history keeps its wholesale type if the client's changes. */
    clientType: smallint("client_type").notNull(),
    /** Business day (Europe/Moscow) the order belongs to. */
    openedOn: date("opened_on", { mode: "string" }).notNull(),
    openedAt: moment("opened_at").notNull().defaultNow(),
    status: varchar("status", { length: 20 }).notNull().default("active"),
    updatedAt: moment("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("orders_day_type_idx").on(t.openedOn, t.clientType),
    index("orders_client_day_idx").on(t.clientId, t.openedOn),
    index("orders_opened_at_idx").on(t.openedAt),
  ],
);

export const orderPositions = pgTable(
  "order_positions",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Restrict: a modification with order history cannot be deleted out from under it. */
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "restrict" }),
    /** Names as they were when ordered, so history reads the same after catalogue renames. */
    modificationName: text("modification_name").notNull(),
    additionId: integer("addition_id").references(() => additions.id, { onDelete: "set null" }),
    additionName: text("addition_name"),
    price: money("price").notNull(),
    quantity: integer("quantity").notNull(),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id, { onDelete: "restrict" }),
    status: varchar("status", { length: 20 }).$type<PositionStatus>().notNull().default("added"),
    createdAt: createdAt(),
    sentToCollectAt: moment("sent_to_collect_at"),
    collectedAt: moment("collected_at"),
    collectedBy: integer("collected_by").references(() => accounts.id, { onDelete: "set null" }),
  },
  (t) => [
    index("order_positions_order_idx").on(t.orderId, t.status),
    index("order_positions_modification_idx").on(t.modificationId, t.createdAt),
    // «Открытие маркета» reads what was added since the opening.
    index("order_positions_created_idx").on(t.createdAt),
  ],
);
