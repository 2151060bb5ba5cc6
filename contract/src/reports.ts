import { ZDateSchema, ZIdSchema } from "./common.ts";
import { z } from "./zod-ru.ts";

/** A leftover (stock) report; `file` is the API path that downloads it. */
export const ZLeftoverReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  file: z.string(),
});
export type TLeftoverReport = z.infer<typeof ZLeftoverReportSchema>;

/** An invoice (накладная): one client's purchases of one business day. `client` is the client's id. */
export const ZClientReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  day: z.string(),
  client: z.number().int().nullable(),
  /**
   * The client as every screen names it (clientDisplayName), so the storehouse, who hands goods over with the
   * invoice and may not read the clients list, sees a name; null once the client is deleted.
   */
  client_name: z.string().nullable(),
  client_type: z.number().int(),
  total: z.number().nullable(),
  totals: z.array(z.object({ total: z.number(), currency_sign: z.string() })),
  file: z.string(),
});
export type TClientReport = z.infer<typeof ZClientReportSchema>;

/** A daily report: the day's sales per client and per modification. */
export const ZDailyReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  day: z.string(),
  file: z.string(),
});
export type TDailyReport = z.infer<typeof ZDailyReportSchema>;

export const ZClientReportQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  client_type: z.coerce
    .number()
    .int()
    .refine((v) => v === 2 || v === 3, "Тип клиента: 2 (крупный опт) или 3 (малый опт)")
    .optional(),
});
export type TClientReportQuery = z.infer<typeof ZClientReportQuerySchema>;

export const ZClientReportCreateSchema = z.object({ client_id: ZIdSchema, date: ZDateSchema });
export type TClientReportCreate = z.infer<typeof ZClientReportCreateSchema>;

export const ZDailyReportCreateSchema = z.object({ date: ZDateSchema });
export type TDailyReportCreate = z.infer<typeof ZDailyReportCreateSchema>;
