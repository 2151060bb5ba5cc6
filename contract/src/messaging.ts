import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "./clients.ts";
import { ZDateSchema, ZPageQuerySchema, ZTimestampSchema } from "./common.ts";
import { z } from "./zod-ru.ts";

/**
 * Telegram's limits, the one place they are written: a text message up to 4096 characters and a caption up to
 * 1024 (counted as UTF-16 code units, JavaScript's `length`, as Telegram counts them), an inline keyboard of at
 * most 100 buttons, and a button's callback data of 1 to 64 bytes in UTF-8. The server's
 * `lib/telegram-limits.ts` judges a Bot API call by them.
 */
export const MESSAGE_TEXT_MAX = 4096;
export const PHOTO_CAPTION_MAX = 1024;
export const INLINE_KEYBOARD_BUTTONS_MAX = 100;
export const CALLBACK_DATA_MAX_BYTES = 64;
/** Telegram accepts photos up to 10 MB through sendPhoto. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The photo formats the server takes (it checks the bytes); the web's picker offers only these. */
export const PHOTO_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PHOTO_TYPE_ERROR = "Можно прикрепить только изображение (JPEG, PNG или WebP)";

/** `HH:mm` (or `HH:mm:ss`): a time of day in Moscow, meaning its next occurrence. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const ZMessageTextSchema = z
  .string()
  .trim()
  .min(1, "Введите текст сообщения")
  .max(MESSAGE_TEXT_MAX, `Текст длиннее ${MESSAGE_TEXT_MAX} символов`);

/**
 * The audience a message's `client_type` means: 2 large, 3 small, and anything else (nothing, null, "all",
 * 2.5, a word) all clients, as the spec says. Never refused: a multipart field is a string, a JSON one any
 * value, and the spec gives every value a meaning.
 */
export function messageClientType(
  value: unknown,
): typeof CLIENT_TYPE_LARGE | typeof CLIENT_TYPE_SMALL | null {
  const code = typeof value === "number" || typeof value === "string" ? String(value).trim() : "";
  if (code === String(CLIENT_TYPE_LARGE)) return CLIENT_TYPE_LARGE;
  if (code === String(CLIENT_TYPE_SMALL)) return CLIENT_TYPE_SMALL;
  return null;
}

/** Left out, it stays out (`undefined`), which means all clients as null does. */
const ZAnyClientTypeSchema = z.unknown().transform(messageClientType).optional();

/** A message to clients, with what happened to it. */
export const ZClientMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** When it is (or was) sent; an immediate message has the moment it was sent. */
  send_time: ZTimestampSchema.nullable(),
  client_type: z.number().int().nullable(),
  group: z.number().int().nullable(),
  transportation: z.number().int().nullable(),
  sent: z.boolean(),
  has_photo: z.boolean(),
  /** Recipients resolved when the message was sent (0 until then). */
  recipients: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Recipients who blocked the bot. */
  unreachable: z.number().int(),
  /** Still waiting to be delivered. */
  pending: z.number().int(),
});
export type TClientMessage = z.infer<typeof ZClientMessageSchema>;

export const ZClientMessageListQuerySchema = z.object({
  /** `true`: the latest `limit` sent messages; absent or `false`: every unsent scheduled one (the screen's list). */
  sent: z.enum(["true", "false"]).optional(),
  /** With `sent=true`: how many of the latest. */
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The JSON body that schedules a message. */
export const ZClientMessageScheduleSchema = z.object({
  text: ZMessageTextSchema,
  client_type: ZAnyClientTypeSchema,
  /** An ISO 8601 moment in the future, or `HH:mm`: the next such time in Moscow. */
  send_time: z
    .string()
    .trim()
    .refine(
      (v) => TIME_OF_DAY_PATTERN.test(v) || !Number.isNaN(Date.parse(v)),
      "Укажите время в формате ЧЧ:ММ или дату и время",
    ),
});
export type TClientMessageSchedule = z.infer<typeof ZClientMessageScheduleSchema>;

/** The text fields of the multipart body that sends a message now (the photo is the file part). */
export const ZClientMessageSendFieldsSchema = z.object({
  text: ZMessageTextSchema,
  client_type: ZAnyClientTypeSchema,
  group: z.coerce.number().int().positive().optional(),
  transportation: z.coerce.number().int().positive().optional(),
});
export type TClientMessageSendFields = z.infer<typeof ZClientMessageSendFieldsSchema>;

/** Who a message would reach now: the same audience fields as a send, without the text. */
export const ZRecipientCountQuerySchema = ZClientMessageSendFieldsSchema.omit({ text: true });
export type TRecipientCountQuery = z.output<typeof ZRecipientCountQuerySchema>;
export const ZRecipientCountSchema = z.object({ count: z.number().int().min(0) });
export type TRecipientCount = z.infer<typeof ZRecipientCountSchema>;

/** A claim is one message the client writes in the bot, at most this long (Telegram allows MESSAGE_TEXT_MAX). */
export const CLAIM_TEXT_MAX_LENGTH = 4000;

export const CLAIM_STATUS_VALUES = ["not_reviewed", "reviewed"] as const;
export const ZClaimStatusSchema = z.enum(CLAIM_STATUS_VALUES);
export type TClaimStatus = z.infer<typeof ZClaimStatusSchema>;

export const ZClaimSchema = z.object({
  id: z.number().int(),
  /** The client's id. */
  owner: z.number().int(),
  /** How the client is shown: nickname, with the organization when it has one. */
  owner_name: z.string(),
  /** The client's phone, to call about the claim. */
  owner_phone: z.string().nullable(),
  /**
   * The order the claim most likely concerns: the client's latest order opened before the claim was written
   * (a claim names none of its own); null when the client had none.
   */
  order: z.object({ id: z.number().int(), opened_on: ZDateSchema }).nullable(),
  status: ZClaimStatusSchema,
  text: z.string(),
  created_date: ZTimestampSchema,
});
export type TClaim = z.infer<typeof ZClaimSchema>;

export const ZClaimListQuerySchema = ZPageQuerySchema.extend({ status: ZClaimStatusSchema.optional() });
export type TClaimListQuery = z.infer<typeof ZClaimListQuerySchema>;

export const ZClaimUpdateSchema = z.object({
  status: ZClaimStatusSchema,
  /** Accepted as the screen sends it; a claim always stays with its client. */
  owner: z.number().int().optional(),
});
export type TClaimUpdate = z.infer<typeof ZClaimUpdateSchema>;
