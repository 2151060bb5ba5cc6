import { bigint, jsonb, pgTable, varchar } from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";

/**
 * The bot's conversation state per chat (the step of a registration, the catalogue message being edited),
 * kept in the database so any instance, or a restarted one, continues the same conversation.
 */
export const botSessions = pgTable("bot_sessions", {
  key: varchar("key", { length: 80 }).primaryKey(),
  data: jsonb("data").notNull(),
  updatedAt: moment("updated_at").notNull().defaultNow(),
});

/** Telegram updates already taken: an update delivered twice (a retried webhook, a poller that died) is skipped. */
export const botUpdates = pgTable("bot_updates", {
  updateId: bigint("update_id", { mode: "number" }).primaryKey(),
  receivedAt: moment("received_at").notNull().defaultNow(),
});
