import { ZIdSchema } from "./common.ts";
import { CALLBACK_DATA_MAX_BYTES, MESSAGE_TEXT_MAX } from "./messaging.ts";
import { z } from "./zod-ru.ts";

/** What staff do in the bot preview: type a text, press an inline button, or share the phone. */
export const ZBotPreviewActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().trim().min(1).max(MESSAGE_TEXT_MAX) }),
  z.object({
    type: z.literal("callback"),
    data: z.string().min(1).max(CALLBACK_DATA_MAX_BYTES),
    message_id: z.number().int(),
  }),
  z.object({ type: z.literal("contact") }),
]);
export type TBotPreviewAction = z.infer<typeof ZBotPreviewActionSchema>;

export const ZBotPreviewRequestSchema = z.object({
  /** The client to act as; null is «новый пользователь» (always a dry run). */
  client: ZIdSchema.nullable(),
  /** Roll back everything the update did (orders, claims, registrations): only the answers are shown. */
  dry_run: z.boolean(),
  action: ZBotPreviewActionSchema,
});
export type TBotPreviewRequest = z.infer<typeof ZBotPreviewRequestSchema>;

export const ZBotButtonSchema = z.object({ text: z.string(), data: z.string().nullable() });
export const ZBotReplyButtonSchema = z.object({ text: z.string(), request_contact: z.boolean() });

/** One message the bot sent (`send`) or rewrote (`edit`), as the preview draws it. */
export const ZBotPreviewMessageSchema = z.object({
  kind: z.enum(["send", "edit"]),
  message_id: z.number().int(),
  text: z.string(),
  inline_keyboard: z.array(z.array(ZBotButtonSchema)),
  /** The menu under the input field: a new one, null to keep the current one, [] when the bot removes it. */
  reply_keyboard: z.array(z.array(ZBotReplyButtonSchema)).nullable(),
});
export type TBotPreviewMessage = z.infer<typeof ZBotPreviewMessageSchema>;

export const ZBotPreviewReplySchema = z.object({
  messages: z.array(ZBotPreviewMessageSchema),
  /** A button's short answer (answerCallbackQuery text), shown as a notice. */
  notice: z.string().nullable(),
  dry_run: z.boolean(),
});
export type TBotPreviewReply = z.infer<typeof ZBotPreviewReplySchema>;

/** Keys whose object is a Telegram user or chat: the bot keys chats, sessions and clients by its `id`. */
const PEER_KEYS = new Set([
  "from",
  "chat",
  "sender_chat",
  "user",
  "via_bot",
  "forward_from",
  "forward_from_chat",
]);
/** Ids of Telegram's own that are integers wherever they occur (a callback query's `id` is a string). */
const INTEGER_KEYS = new Set(["message_id", "user_id", "migrate_to_chat_id", "migrate_from_chat_id"]);
/** The depth the bot reads an update to (a callback's message's chat is 3 levels down; a reply's sender 4). */
const PEER_DEPTH = 6;

const isSafeInteger = (value: unknown) => typeof value === "number" && Number.isSafeInteger(value);

/** The path of each id of `update` the bot would use that is no integer (Telegram's are all within 2^53). */
function badIds(update: unknown): string[] {
  const bad: string[] = [];
  const objects: { value: object; path: string[] }[] = [{ value: update as object, path: [] }];
  // Breadth first without recursion, objects only: a body of deep or long arrays costs no stack, no rescans.
  for (let i = 0; i < objects.length; i++) {
    const { value, path } = objects[i] as { value: object; path: string[] };
    for (const [key, child] of Object.entries(value)) {
      const at = [...path, key];
      if (INTEGER_KEYS.has(key) && !isSafeInteger(child)) bad.push(at.join("."));
      if (
        PEER_KEYS.has(key) &&
        (!child || typeof child !== "object" || !isSafeInteger((child as { id?: unknown }).id))
      )
        bad.push([...at, "id"].join("."));
      if (child && typeof child === "object" && at.length < PEER_DEPTH)
        objects.push({ value: child, path: at });
    }
  }
  return bad;
}

/**
 * What Telegram posts to the webhook: an update with an integer id, whose users' and chats' ids and message
 * ids are integers wherever the bot would read them (the rest is the bot's to read). Anything else is a 400
 * before it reaches the bot or the database: a chat id «abc» would fail the bot's reads, and its apology
 * would go to no chat.
 */
export const ZTelegramUpdateSchema = z
  .looseObject({ update_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })
  .superRefine((update, ctx) => {
    for (const path of badIds(update))
      ctx.addIssue({ code: "custom", path: path.split("."), message: "Ожидается целое число" });
  });
