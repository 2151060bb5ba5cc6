import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  varchar,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { clientGroups, clients, transportations } from "./clients.ts";
import { bytea, createdAt, id, moment } from "./columns.ts";
import { orders } from "./sales.ts";

/**
 * A message photo, kept in the database so that every instance can send it. Its bytes are in
 * `message_photo_chunks`, pieces of 256 KB numbered from 0, each written and read by a statement of its own:
 * the embedded PGlite runs one statement at a time for everyone, and a 10 MB value written or read whole had
 * held it, and every request, for seconds.
 */
export const messagePhotos = pgTable("message_photos", {
  id: id(),
  /** Its size in bytes, all pieces together. */
  size: integer("size").notNull(),
  createdAt: createdAt(),
});

export const messagePhotoChunks = pgTable(
  "message_photo_chunks",
  {
    photoId: integer("photo_id")
      .notNull()
      .references(() => messagePhotos.id, { onDelete: "cascade" }),
    /** The piece's place: 0, 1, 2… */
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.seq] })],
);

/** A message from staff to clients: immediate (send_time null) or scheduled. */
export const clientMessages = pgTable(
  "client_messages",
  {
    id: id(),
    text: text("text").notNull(),
    photoId: integer("photo_id").references(() => messagePhotos.id),
    photoName: varchar("photo_name", { length: 255 }),
    /** Telegram's file_id of the photo after its first upload: every later recipient reuses it. */
    photoFileId: varchar("photo_file_id", { length: 255 }),
    sendTime: moment("send_time"),
    /** 2 large, 3 small, null all; or one group / one direction. */
    clientType: smallint("client_type"),
    groupId: integer("group_id").references(() => clientGroups.id, { onDelete: "set null" }),
    transportationId: integer("transportation_id").references(() => transportations.id, {
      onDelete: "set null",
    }),
    sent: boolean("sent").notNull().default(false),
    sentAt: moment("sent_at"),
    createdBy: integer("created_by").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /**
     * Delivery figures, kept here rather than counted from the outbox because done outbox rows are
     * deleted after the retention period. `recipients` is set when the message is queued; the worker
     * adds to the others in the transaction that marks the rows.
     */
    recipients: integer("recipients").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    unreachable: integer("unreachable").notNull().default(0),
  },
  (t) => [index("client_messages_due_idx").on(t.sent, t.sendTime)],
);

export const OUTBOX_STATUSES = ["pending", "sent", "failed", "unreachable", "withdrawn"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Outgoing bot messages, one row per recipient. Producers (broadcasts, order summaries, market
 * notices) insert here; the delivery worker claims due rows with FOR UPDATE SKIP LOCKED.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    kind: varchar("kind", { length: 32 }).notNull(),
    text: text("text").notNull(),
    /** A Bot API reply_markup (inline keyboard) sent with the text. */
    replyMarkup: jsonb("reply_markup"),
    /** The broadcast this row delivers, for its photo. */
    clientMessageId: integer("client_message_id").references(() => clientMessages.id, {
      onDelete: "cascade",
    }),
    /** The order a notice is about, so it can be taken back by its order and kind while it waits. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /**
     * `unreachable`: not sent because the client blocked the bot (Telegram 403); `withdrawn`: not sent because
     * what it told was no longer true when its turn came (a stock-back message whose wait was cancelled).
     */
    status: varchar("status", { length: 16 }).$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * The number of the claim that holds the row: each claim takes the next, so a record or a renewal of an
     * older claim never touches a newer one (`attempts` goes back down when a try did not count).
     */
    lease: integer("lease").notNull().default(0),
    /**
     * When the row may next be claimed. A worker claiming a row moves it forward by the lease, so a row
     * whose worker died becomes due again once the lease runs out.
     */
    nextAttemptAt: moment("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: moment("sent_at"),
  },
  (t) => [
    index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_messages_chat_idx").on(t.chatId, t.status),
  ],
);

/**
 * The global send pace shared by every instance (one row): each worker reserves its next batch's send slots
 * by moving `next_slot` forward, so the Bot API sees the configured rate however many instances run; after a
 * 429, `paused_until` is when every instance may send again.
 */
export const outboxPacing = pgTable("outbox_pacing", {
  id: smallint("id").primaryKey(),
  nextSlot: moment("next_slot").notNull(),
  pausedUntil: moment("paused_until"),
});

export const CLAIM_STATUSES = ["not_reviewed", "reviewed"] as const;

/** A client's complaint sent through the bot. */
export const claims = pgTable(
  "claims",
  {
    id: id(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    status: varchar("status", { length: 20 })
      .$type<(typeof CLAIM_STATUSES)[number]>()
      .notNull()
      .default("not_reviewed"),
    createdDate: moment("created_date").notNull().defaultNow(),
  },
  (t) => [index("claims_created_idx").on(t.createdDate.desc())],
);

export const BOT_TEXT_KINDS = ["start", "entry", "pre_start", "end", "conditions", "warranty"] as const;
export type BotTextKind = (typeof BOT_TEXT_KINDS)[number];

/** Texts the bot sends; every edit is a new row and the latest per kind is used. */
export const botTexts = pgTable(
  "bot_texts",
  {
    id: id(),
    kind: varchar("kind", { length: 20 }).$type<BotTextKind>().notNull(),
    text: text("text").notNull(),
    createdBy: integer("created_by").references(() => accounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("bot_texts_kind_idx").on(t.kind, t.createdAt.desc())],
);
