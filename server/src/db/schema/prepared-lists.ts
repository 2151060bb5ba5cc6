import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { modifications } from "./catalogue.ts";
import { clients } from "./clients.ts";
import { createdAt, id, moment, money } from "./columns.ts";

/**
 * A client's prepared list («Список к открытию»): modifications and quantities to send in one tap when
 * the market opens. It is not an order and reserves nothing; a line leaves it when it is added to the order.
 */
export const preparedListLines = pgTable(
  "prepared_list_lines",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** A modification deleted from the catalogue leaves the list with it (it was never ordered). */
    modificationId: integer("modification_id")
      .notNull()
      .references(() => modifications.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The unit price the client confirmed for the line (sent as an add's confirmed price); null: none shown. */
    confirmedPrice: money("confirmed_price"),
    /** The line's place: lines are sent in this order. */
    place: integer("place").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("prepared_list_lines_client_modification_idx").on(t.clientId, t.modificationId),
    index("prepared_list_lines_client_place_idx").on(t.clientId, t.place),
  ],
);

/**
 * One send of a list (or of a repeated order) under the client's idempotency key: the lines as they were sent
 * and the answer of each line applied so far, written in the transaction that applied it, so a send repeated
 * with the key (a lost answer, a second tap, a restart midway) applies only what was not applied and answers
 * the rest as it was answered.
 */
export const preparedListSends = pgTable(
  "prepared_list_sends",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 80 }).notNull(),
    lines: jsonb("lines").notNull(),
    answers: jsonb("answers").notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("prepared_list_sends_client_key_idx").on(t.clientId, t.key)],
);

/**
 * A line of a send that an add applied, written by the add's own statement (modules/ordering/add-position.ts)
 * together with the position: the one record that the line's effect happened. A second statement applying the
 * same line fails on a key and writes nothing, and the line is answered from this row: the send's place (the
 * send repeated with its key after a crash between the add and its answer, or two sends with one key at once)
 * and, for a line of the client's list, the list's line itself (any other send, under any key: the Mini App
 * opened again after a restart, or the bot's button and the Mini App at once), so a list's line is added once
 * whatever sends it.
 */
export const preparedListApplied = pgTable(
  "prepared_list_applied",
  {
    sendId: integer("send_id")
      .notNull()
      .references(() => preparedListSends.id, { onDelete: "cascade" }),
    place: integer("place").notNull(),
    /**
     * The position the line went into. No foreign key: deleting a position must not look here, and a line
     * answered after staff deleted its position names it all the same.
     */
    positionId: integer("position_id").notNull(),
    /**
     * The list's line it applied (null for a repeated order's line sent at once). No foreign key: the add's
     * statement takes the line off the list as it records it.
     */
    lineId: integer("line_id"),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.place] }),
    uniqueIndex("prepared_list_applied_line_idx").on(t.lineId),
  ],
);

/**
 * Whether the market was open for a client with a list when the opening job last looked: the bot's «Отправить
 * список» message goes once per opening, to the instance that turns it from closed to open.
 */
export const preparedListOpenings = pgTable("prepared_list_openings", {
  clientId: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  marketOpen: boolean("market_open").notNull().default(false),
});

/**
 * A staff preview's own list, for a Mini App opened from the bot preview in dry run: each of its calls runs in a
 * transaction that is rolled back, so the list it prepares lives here between calls (its lines as the table
 * holds them), under the preview token's id, and is put in place of the client's list inside each call's
 * transaction. The client's own list and order are never changed. Kept a day.
 */
export const previewLists = pgTable("preview_lists", {
  session: varchar("session", { length: 64 }).primaryKey(),
  clientId: integer("client_id")
    .notNull()
    .references(() => clients.id, { onDelete: "cascade" }),
  lines: jsonb("lines").notNull(),
  updatedAt: moment("updated_at").notNull().defaultNow(),
});
