import { z } from "zod";
import { ZIdSchema, ZTimestampSchema } from "./common.ts";
import { ZStockStateSchema } from "./miniapp.ts";

/**
 * «Сообщить о поступлении»: a client waits for a modification that is out of stock for them and hears once, in
 * the chat, when it is back and they may order it. Nothing is reserved. A wait ends when it is announced, when
 * the client cancels it, or this many days after it was asked.
 */
export const STOCK_WAIT_DAYS = 14;

/** `POST /api/app/waits/`: the client asks to hear when the modification is back. */
export const ZStockWaitRequestSchema = z.object({ modification: ZIdSchema });
export type TStockWaitRequest = z.infer<typeof ZStockWaitRequestSchema>;

export const ZStockWaitSchema = z.object({
  id: z.number().int(),
  modification: z.number().int(),
  /** «Бренд Товар Модификация», as the order shows a position. */
  name: z.string(),
  /** As the client sees it now: a wait is for «нет в наличии», and ends by itself once announced. */
  stock: ZStockStateSchema,
  created_at: ZTimestampSchema,
  /** When the wait ends unannounced. */
  expires_at: ZTimestampSchema,
});
export type TStockWait = z.infer<typeof ZStockWaitSchema>;

/** `GET /api/app/waits/`: «Мои ожидания», the newest first. */
export const ZStockWaitListSchema = z.object({ results: z.array(ZStockWaitSchema) });
export type TStockWaitList = z.infer<typeof ZStockWaitListSchema>;

/** The answer to an ask: the wait, whether it was there already, and what to tell the client (Russian). */
export const ZStockWaitAskedSchema = z.object({
  wait: ZStockWaitSchema,
  already: z.boolean(),
  detail: z.string(),
});
export type TStockWaitAsked = z.infer<typeof ZStockWaitAskedSchema>;

export { OPEN_MODIFICATION_PARAM } from "./open-modification.ts";
