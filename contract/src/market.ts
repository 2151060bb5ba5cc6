import { ZClientRefSchema } from "./clients.ts";
import { ZIdSchema, ZTimestampSchema } from "./common.ts";
import { MESSAGE_TEXT_MAX } from "./messaging.ts";
import { z } from "./zod-ru.ts";

/** A daily time, HH:MM or HH:MM:SS (Moscow time of day). */
export const ZMarketTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Ожидается время в формате ЧЧ:ММ (от 00:00 до 23:59)");

export const ZTimeIntervalSchema = z.object({
  id: z.number().int(),
  schedule: z.number().int(),
  /** HH:MM:SS; the web shows the first 5 characters. */
  start_time: z.string(),
  end_time: z.string(),
  is_active: z.boolean(),
});
export type TTimeInterval = z.infer<typeof ZTimeIntervalSchema>;

const intervalFields = {
  schedule: ZIdSchema,
  start_time: ZMarketTimeSchema,
  end_time: ZMarketTimeSchema,
  is_active: z.boolean(),
};
export const ZTimeIntervalCreateSchema = z.object({
  ...intervalFields,
  is_active: intervalFields.is_active.default(true),
});
export type TTimeIntervalCreate = z.infer<typeof ZTimeIntervalCreateSchema>;
export const ZTimeIntervalUpdateSchema = z.object(intervalFields).partial();
export type TTimeIntervalUpdate = z.infer<typeof ZTimeIntervalUpdateSchema>;

export const MARKET_CLIENT_TYPES = [2, 3] as const;
const ZIdListSchema = z.array(ZIdSchema).max(10_000);

const scheduleFields = {
  name: z.string().trim().min(1).max(200),
  is_active: z.boolean(),
  /** 3 small wholesale, 2 large wholesale. */
  client_types: z.array(
    z.union([z.literal(2), z.literal(3)], "Тип клиента: 2 (крупный опт) или 3 (малый опт)"),
  ),
  client_groups: ZIdListSchema,
  transportations: ZIdListSchema,
  clients: ZIdListSchema,
};
export const ZMarketScheduleCreateSchema = z.object({
  ...scheduleFields,
  is_active: scheduleFields.is_active.default(true),
  client_types: scheduleFields.client_types.default([]),
  client_groups: scheduleFields.client_groups.default([]),
  transportations: scheduleFields.transportations.default([]),
  clients: scheduleFields.clients.default([]),
});
export type TMarketScheduleCreate = z.infer<typeof ZMarketScheduleCreateSchema>;
export const ZMarketScheduleUpdateSchema = z.object(scheduleFields).partial();
export type TMarketScheduleUpdate = z.infer<typeof ZMarketScheduleUpdateSchema>;

export const ZMarketScheduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  is_manually_opened: z.boolean(),
  /** When a manual opening closes itself; null: it stays open until closed. */
  close_time: ZTimestampSchema.nullable(),
  /** Open right now (manually or by an interval); decides «Открыть маркет» / «Закрыть маркет». */
  is_open: z.boolean(),
  next_open_at: ZTimestampSchema.nullable(),
  next_close_at: ZTimestampSchema.nullable(),
  intervals: z.array(ZTimeIntervalSchema),
  client_types: z.array(z.number().int()),
  client_groups: z.array(z.number().int()),
  transportations: z.array(z.number().int()),
  clients: z.array(z.number().int()),
  /** The targeted clients with their names, for the client-management dialog. */
  clients_detail: z.array(ZClientRefSchema),
});
export type TMarketSchedule = z.infer<typeof ZMarketScheduleSchema>;

const MOMENT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

const below = (n: number | undefined, limit: number) => (n ?? 0) < limit;

/** A calendar date and a time of day that exist: no 31 February, no 24:00, no offset past ±23:59. */
function isRealMoment(value: string): boolean {
  const parts = MOMENT.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month ?? 0) - 1 &&
    date.getUTCDate() === day &&
    below(hour, 24) &&
    below(minute, 60) &&
    below(second, 60) &&
    below(offsetHours, 24) &&
    below(offsetMinutes, 60)
  );
}

/** A moment: ISO 8601 with an offset, or a datetime-local value (YYYY-MM-DDTHH:MM[:SS]) read as Moscow time. */
export const ZMarketMomentSchema = z
  .string()
  .regex(MOMENT, "Ожидается дата и время в формате ГГГГ-ММ-ДДTЧЧ:ММ")
  .refine(isRealMoment, "Такой даты или времени не существует");
export const ZOpenMarketSchema = z.object({ close_time: ZMarketMomentSchema.nullable().default(null) });
export type TOpenMarket = z.infer<typeof ZOpenMarketSchema>;

export const ZMarketStatusQuerySchema = z.object({ client: ZIdSchema.optional() });
export const ZMarketStatusSchema = z.object({
  is_open: z.boolean(),
  /** The schedules keeping the market open now (for the client, when one is given). */
  active_schedules: z.array(z.string()),
  open_until: ZTimestampSchema.nullable(),
  next_open_at: ZTimestampSchema.nullable(),
  /** «Маркет открыт до 18:00», «Маркет закрыт, откроется в 09:00»… */
  message: z.string(),
});
export type TMarketStatus = z.infer<typeof ZMarketStatusSchema>;

/** The bot's texts by their API path (/api/messaging/<path>/) and their kind in the database. */
export const BOT_TEXT_PATHS = {
  start: "start",
  "market-entry": "entry",
  "pre-start": "pre_start",
  end: "end",
  conditions: "conditions",
  guarantee: "warranty",
} as const;
export type TBotTextPath = keyof typeof BOT_TEXT_PATHS;

export const ZBotTextVersionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  created_at: ZTimestampSchema,
});
export const ZBotTextSchema = z.object({
  /** What the bot sends now: the latest saved text, or the default. */
  text: z.string(),
  is_default: z.boolean(),
  created_at: ZTimestampSchema.nullable(),
  /** Saved versions, newest first (the first is the current text), at most 20. */
  history: z.array(ZBotTextVersionSchema),
});
export type TBotText = z.infer<typeof ZBotTextSchema>;

/** Telegram's limit of one message. */
export const BOT_TEXT_MAX = MESSAGE_TEXT_MAX;
const ZBotTextValueSchema = z
  .string()
  .max(BOT_TEXT_MAX)
  .refine((s) => s.trim().length > 0, "Текст сообщения не может быть пустым");
/** The body is the text: JSON `{ "text": "…" }`, or the text itself (a JSON string or text/plain). */
export const ZBotTextWriteSchema = z.union([ZBotTextValueSchema, z.object({ text: ZBotTextValueSchema })]);
export type TBotTextWrite = z.infer<typeof ZBotTextWriteSchema>;
