import { ORGANIZATION_NAME_UNSET, ZClientTypeSchema } from "./clients.ts";
import { paged, ZDateSchema, ZIdSchema, ZPageQuerySchema, ZTimestampSchema } from "./common.ts";
import { z } from "./zod-ru.ts";

/** Order position states in the order they happen: added by the bot, sent to collect, collected. */
export const POSITION_STATUSES = ["added", "sent_to_collect", "collected"] as const;
export const ZPositionStatusSchema = z.enum(POSITION_STATUSES);
export type TPositionStatus = z.infer<typeof ZPositionStatusSchema>;

/** The spec's labels: full and short. */
export const POSITION_STATUS_LABELS: Record<TPositionStatus, { full: string; short: string }> = {
  added: { full: "Добавлен", short: "Д" },
  sent_to_collect: { full: "Отправлен на сборку", short: "О" },
  collected: { full: "Собран", short: "С" },
};

/** Upper bounds of an edited position: numeric(14,2) for prices, and a quantity no stock could hold. */
export const MAX_POSITION_PRICE = 999_999_999;
export const MAX_POSITION_QUANTITY = 1_000_000;

export const ZOrderQuerySchema = ZPageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  /** Business day (Moscow) the orders were opened on; today when omitted. */
  opened_at: ZDateSchema.optional(),
  /** Client organization or nickname (case-insensitive substring), or the client id. */
  search: z.string().trim().max(200).optional(),
  client_type: z.coerce.number().pipe(ZClientTypeSchema).optional(),
});
export type TOrderQuery = z.input<typeof ZOrderQuerySchema>;

export const ZOrderClientSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  organization_name: z.string(),
  offline: z.boolean(),
  client_type: ZClientTypeSchema.nullable(),
});
export type TOrderClient = z.infer<typeof ZOrderClientSchema>;

export const ZOrderDirectionSchema = z.object({ id: z.number().int(), name: z.string() });
export type TOrderDirection = z.infer<typeof ZOrderDirectionSchema>;

export const ZOrderPositionSchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  modification: z.number().int(),
  modification_name: z.string(),
  addition_name: z.string().nullable(),
  price: z.number(),
  quantity: z.number().int(),
  status: ZPositionStatusSchema,
  currency: z.number().int(),
  currency_sign: z.string(),
  sent_to_collect_at: ZTimestampSchema.nullable(),
  collected_at: ZTimestampSchema.nullable(),
});
export type TOrderPosition = z.infer<typeof ZOrderPositionSchema>;

export const ZOrderTotalSchema = z.object({
  currency: z.number().int(),
  currency_sign: z.string(),
  amount: z.number(),
});
export type TOrderTotal = z.infer<typeof ZOrderTotalSchema>;

export const ZOrderSchema = z.object({
  id: z.number().int(),
  /** The client's id, as the spec names it. */
  owner: z.number().int(),
  client: ZOrderClientSchema,
  /** The client's wholesale type when the order was opened. */
  client_type: ZClientTypeSchema,
  transportation: ZOrderDirectionSchema.nullable(),
  /** The least advanced status of its positions: the order is collected once every position is. */
  status: ZPositionStatusSchema,
  opened_on: ZDateSchema,
  opened_at: ZTimestampSchema,
  positions: z.array(ZOrderPositionSchema),
  total: z.array(ZOrderTotalSchema),
});
export type TOrder = z.infer<typeof ZOrderSchema>;

export const ZOrderPageSchema = paged(ZOrderSchema);
export type TOrderPage = z.infer<typeof ZOrderPageSchema>;

export const ZOrderPositionUpdateSchema = z.object({
  price: z.number().min(0).max(MAX_POSITION_PRICE),
  quantity: z.number().int().min(1).max(MAX_POSITION_QUANTITY),
});
export type TOrderPositionUpdate = z.infer<typeof ZOrderPositionUpdateSchema>;

export const ZSendToCollectSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("order"), order_id: ZIdSchema }),
  z.object({ type: z.literal("transportation"), transportation_id: ZIdSchema }),
  z.object({ type: z.literal("small_wholesale") }),
  z.object({ type: z.literal("large_wholesale") }),
]);
export type TSendToCollect = z.infer<typeof ZSendToCollectSchema>;

/** How many orders, and positions in them, are still to send to collect in that choice. */
export const ZSendToCollectPreviewSchema = z.object({
  orders: z.number().int(),
  positions: z.number().int(),
});
export type TSendToCollectPreview = z.infer<typeof ZSendToCollectPreviewSchema>;

/** What a bulk change did: how many positions moved, and a sentence saying so (also when none did). */
export const ZBulkResultSchema = z.object({ updated: z.number().int(), detail: z.string() });
export type TBulkResult = z.infer<typeof ZBulkResultSchema>;

export const ZUncollectedTransportationSchema = ZOrderDirectionSchema.extend({
  /** Positions still to send to collect, and sent but not yet collected, in today's orders. */
  added_count: z.number().int(),
  sent_to_collect_count: z.number().int(),
});
export type TUncollectedTransportation = z.infer<typeof ZUncollectedTransportationSchema>;
export const ZUncollectedTransportationListSchema = z.object({
  results: z.array(ZUncollectedTransportationSchema),
});

/** The storehouse's view: today's orders with something sent to collect, grouped by direction. */
export const ZCollectionDirectionSchema = z.object({
  transportation: ZOrderDirectionSchema.nullable(),
  orders: z.array(ZOrderSchema),
});
export type TCollectionDirection = z.infer<typeof ZCollectionDirectionSchema>;
export const ZCollectionSchema = z.object({ results: z.array(ZCollectionDirectionSchema) });
export type TCollection = z.infer<typeof ZCollectionSchema>;

export const ZPositionCollectSchema = z.object({ collected: z.boolean() });
export type TPositionCollect = z.infer<typeof ZPositionCollectSchema>;

export const ZPickingListQuerySchema = z.object({
  /** A direction id, or "none" for clients without a direction. */
  transportation: z.union([z.literal("none"), ZIdSchema]),
});
export type TPickingListQuery = z.input<typeof ZPickingListQuerySchema>;

/**
 * How staff read a client everywhere (orders, invoices, claims, spreadsheets, picking lists): «Организация
 * (Имя)», or «Имя» alone for an offline client or one without an organization (the «Не указано»
 * placeholder is not an organization); Клиент #id when neither is known.
 */
export function clientDisplayName(
  client: Pick<TOrderClient, "id" | "nickname" | "organization_name"> & { offline?: boolean },
) {
  const nickname = client.nickname.trim();
  const named = client.organization_name.trim();
  const organization = named === ORGANIZATION_NAME_UNSET ? "" : named;
  if (client.offline) return nickname || `Клиент #${client.id}`;
  if (organization && nickname) return `${organization} (${nickname})`;
  return organization || nickname || `Клиент #${client.id}`;
}

export { UNDO_WINDOW_MS } from "./undo-window.ts";
