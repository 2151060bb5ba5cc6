import type { Update, UserFromGetMe } from "grammy/types";
import { type CapturedCall, captureCalls } from "../bot/capture.ts";
import type { BotDeps } from "../bot/context.ts";
import { createBot } from "../bot/index.ts";
import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { orderingCacheCaughtUp } from "../modules/ordering/index.ts";

export const TEST_BOT_INFO: UserFromGetMe = {
  id: 7000001,
  is_bot: true,
  first_name: "Тестовый бот",
  username: "test_wholesale_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
} as UserFromGetMe;

let nextUpdateId = 1;
let nextMessageId = 1000;

/** A chat the user writes in other than their own private chat with the bot: a group, or someone else's chat. */
export type ChatOverride = {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
  title?: string;
};

/**
 * One Telegram user talking to the real bot handlers, with outgoing calls captured: `send` a text, `contact`
 * a phone, `press` a button of the last message that had it. `calls` holds what the bot sent since `clear`.
 * The user writes in their private chat with the bot unless `chat` names another.
 */
export function botChat(
  db: Db,
  clock: Clock,
  userId: number,
  options: { deps?: Partial<BotDeps>; chat?: ChatOverride } = {},
) {
  const calls: CapturedCall[] = [];
  const errors: unknown[] = [];
  const bot = createBot(
    "1:test",
    {
      db,
      clock,
      log: { error: (details) => errors.push(details), warn: () => {} },
      dedupUpdates: true,
      sessionPrefix: "",
      dryRun: false,
      updateTimeoutMs: 10_000,
      ...options.deps,
    },
    { botInfo: TEST_BOT_INFO },
  );
  captureCalls(bot.api, calls, () => nextMessageId++);
  const from = { id: userId, is_bot: false, first_name: "Иван", username: `user${userId}` };
  const chat = options.chat ?? { id: userId, type: "private" as const, first_name: "Иван" };
  const date = () => Math.floor(clock.now().getTime() / 1000);

  const handle = async (update: Omit<Update, "update_id">, updateId = nextUpdateId++) => {
    calls.length = 0;
    // A test changes rules in the database and taps at once: the bot acts on them once the process heard them.
    await orderingCacheCaughtUp(db);
    await bot.handleUpdate({ update_id: updateId, ...update } as Update);
    return calls;
  };
  const messageWith = (extra: Record<string, unknown>) => ({
    message: { message_id: nextMessageId++, from, chat, date: date(), ...extra },
  });

  return {
    calls,
    errors,
    handle,
    send: (text: string) => {
      const entities = text.startsWith("/")
        ? [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }]
        : undefined;
      return handle(messageWith({ text, ...(entities ? { entities } : {}) }) as never);
    },
    contact: (phone: string, contactUserId = userId) =>
      handle(
        messageWith({
          contact: { phone_number: phone, first_name: "Иван", user_id: contactUserId },
        }) as never,
      ),
    press: (data: string, messageId = 1) =>
      handle({
        callback_query: {
          id: String(nextUpdateId),
          from,
          chat_instance: "1",
          data,
          message: { message_id: messageId, from: TEST_BOT_INFO, chat, date: date(), text: "…" },
        },
      } as never),
  };
}

/** The texts the bot sent or edited in, in order. */
export const sentTexts = (calls: CapturedCall[]) =>
  calls
    .filter((c) => c.method === "sendMessage" || c.method === "editMessageText")
    .map((c) => String(c.payload.text));
