import { ZIdSchema } from "./common.ts";
import { z } from "./zod-ru.ts";

/** What staff do in the bot preview: type a text, press an inline button, or share the phone. */
export const ZBotPreviewActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().trim().min(1).max(4096) }),
  z.object({ type: z.literal("callback"), data: z.string().min(1).max(64), message_id: z.number().int() }),
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

/**
 * What Telegram posts to the webhook: an update, of which only its integer id is checked here (the bot reads
 * the rest). Anything else is a 400 before it reaches the bot or the database.
 */
export const ZTelegramUpdateSchema = z.looseObject({
  update_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
