import type { TBotPreviewMessage, TBotPreviewReply, TBotPreviewRequest } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Update, UserFromGetMe } from "grammy/types";
import type { Db } from "../../db/client.ts";
import { clients } from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { type CapturedCall, captureCalls } from "../capture.ts";
import type { BotLog } from "../context.ts";
import { createBot } from "../index.ts";

/** «Новый пользователь» of a staff account: a Telegram id no real user has (real ids stay below 2^40). */
const NEW_USER_BASE = 2 ** 45;

const PREVIEW_BOT: UserFromGetMe = {
  id: 1,
  is_bot: true,
  first_name: "Предпросмотр",
  username: "preview_bot",
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
} as UserFromGetMe;

type Markup = {
  inline_keyboard?: { text: string; callback_data?: string }[][];
  keyboard?: ({ text: string; request_contact?: boolean } | string)[][];
  remove_keyboard?: boolean;
};

/**
 * The back-office's bot preview: one update from the chosen client (or a new user) through the very same
 * bot, with its outgoing calls captured instead of sent. Each staff account has its own preview
 * conversations (session keys `preview:<account>:`), apart from the client's real chat.
 */
export function createBotPreviewService({ db, clock, log }: { db: Db; clock: Clock; log: BotLog }) {
  let nextMessageId = Date.now() % 1_000_000_000;

  async function userOf(input: TBotPreviewRequest, accountId: number) {
    if (input.client === null)
      return { id: NEW_USER_BASE + accountId, phone: "+79000000000", username: null };
    const [client] = await db
      .select({
        telegramId: clients.telegramId,
        phone: clients.phoneNumber,
        username: clients.telegramUsername,
      })
      .from(clients)
      .where(eq(clients.id, input.client));
    if (!client) throw notFound("Клиент не найден");
    if (client.telegramId === null)
      throw badRequest("У клиента нет Telegram: бот от его имени не посмотреть");
    return { id: client.telegramId, phone: client.phone ?? "+79000000000", username: client.username };
  }

  return {
    async run(accountId: number, input: TBotPreviewRequest): Promise<TBotPreviewReply> {
      const user = await userOf(input, accountId);
      const dryRun = input.client === null || input.dry_run;
      const calls: CapturedCall[] = [];
      const bot = createBot(
        "preview",
        {
          db,
          clock,
          log,
          dedupUpdates: false,
          sessionPrefix: `preview:${accountId}:`,
          dryRun,
          updateTimeoutMs: 10_000,
          preview: true,
        },
        { botInfo: PREVIEW_BOT },
      );
      captureCalls(bot.api, calls, () => nextMessageId++);
      await bot.handleUpdate(
        updateOf(input, user, Math.floor(clock.now().getTime() / 1000), nextMessageId++),
      );
      const notice = calls.find((c) => c.method === "answerCallbackQuery" && c.payload.text);
      return {
        messages: calls.flatMap(toMessage),
        notice: notice ? String(notice.payload.text) : null,
        dry_run: dryRun,
      };
    },
  };
}

function updateOf(
  input: TBotPreviewRequest,
  user: { id: number; phone: string; username: string | null },
  date: number,
  messageId: number,
): Update {
  const from = {
    id: user.id,
    is_bot: false,
    first_name: "Предпросмотр",
    ...(user.username ? { username: user.username } : {}),
  };
  const chat = { id: user.id, type: "private" as const, first_name: "Предпросмотр" };
  const action = input.action;
  if (action.type === "callback") {
    return {
      update_id: messageId,
      callback_query: {
        id: String(messageId),
        from,
        chat_instance: "preview",
        data: action.data,
        message: { message_id: action.message_id, date, chat, from: PREVIEW_BOT, text: "" },
      },
    } as Update;
  }
  const content =
    action.type === "contact"
      ? { contact: { phone_number: user.phone, first_name: "Предпросмотр", user_id: user.id } }
      : {
          text: action.text,
          ...(action.text.startsWith("/")
            ? {
                entities: [
                  {
                    type: "bot_command" as const,
                    offset: 0,
                    length: action.text.split(/\s/)[0]?.length ?? 1,
                  },
                ],
              }
            : {}),
        };
  return { update_id: messageId, message: { message_id: messageId, date, chat, from, ...content } } as Update;
}

function toMessage(call: CapturedCall): TBotPreviewMessage[] {
  if (call.method !== "sendMessage" && call.method !== "editMessageText") return [];
  const markup = (call.payload.reply_markup ?? {}) as Markup;
  return [
    {
      kind: call.method === "sendMessage" ? "send" : "edit",
      message_id: call.messageId ?? Number(call.payload.message_id ?? 0),
      text: String(call.payload.text ?? ""),
      inline_keyboard: (markup.inline_keyboard ?? []).map((row) =>
        row.map((b) => ({ text: b.text, data: b.callback_data ?? null })),
      ),
      reply_keyboard: markup.keyboard
        ? markup.keyboard.map((row) =>
            row.map((b) =>
              typeof b === "string"
                ? { text: b, request_contact: false }
                : { text: b.text, request_contact: !!b.request_contact },
            ),
          )
        : markup.remove_keyboard
          ? []
          : null,
    },
  ];
}
