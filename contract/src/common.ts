import { z } from "./zod-ru.ts";

/** Every API error: a Russian `detail`, an optional machine `code` and per-field messages. */
export const ZErrorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TError = z.infer<typeof ZErrorSchema>;

export const ZIdSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const ZIdParamsSchema = z.object({ id: ZIdSchema });
export type TIdParams = z.infer<typeof ZIdParamsSchema>;

/** An ISO 8601 timestamp as the API sends it. */
export const ZTimestampSchema = z.string();

const FIRST_DATE = "1900-01-01";
const LAST_DATE = "2999-12-31";

/**
 * A calendar day that exists, YYYY-MM-DD: every date the API takes, in a query or a body. 2026-13-01,
 * 2026-02-30 and 0000-00-00 are no days (the server's date arithmetic would fail on them with a 500), and the
 * years are bounded so that a day after the last one is still a date of four-digit year.
 */
export const ZDateSchema = z.iso
  .date({
    abort: true,
    error: (issue) => (issue.input === undefined ? undefined : "Такой даты нет: ожидается ГГГГ-ММ-ДД"),
  })
  .refine(
    (day) => day >= FIRST_DATE && day <= LAST_DATE,
    `Дата должна быть от ${FIRST_DATE} до ${LAST_DATE}`,
  );

export const ZPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TPageQuery = z.infer<typeof ZPageQuerySchema>;

/** A paged list, shaped like Django REST framework's limit/offset pagination. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type TPaged<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export const ZEmptySchema = z.object({});
export const ZHealthSchema = z.object({ status: z.literal("ok") });
export type THealth = z.infer<typeof ZHealthSchema>;
