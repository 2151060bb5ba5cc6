import { ZDateSchema, ZIdSchema } from "./common.ts";
import { z } from "./zod-ru.ts";

/** The longest range a per-day answer covers: one row per day, so a range is kept to about a year. */
export const MAX_DAYS_PER_DAY_LIST = 400;

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const ZPeriodQuerySchema = z
  .object({ date_from: ZDateSchema, date_to: ZDateSchema })
  .refine((q) => q.date_from <= q.date_to, {
    message: "Дата «От» позже даты «До»",
    path: ["date_from"],
  });
export type TPeriodQuery = z.infer<typeof ZPeriodQuerySchema>;

export const ZClientOrdersQuerySchema = z
  .object({ client_id: ZIdSchema, date_from: ZDateSchema, date_to: ZDateSchema })
  .refine((q) => q.date_from <= q.date_to, { message: "Дата «От» позже даты «До»", path: ["date_from"] })
  .refine((q) => dayCount(q.date_from, q.date_to) <= MAX_DAYS_PER_DAY_LIST, {
    message: `Период не может быть длиннее ${MAX_DAYS_PER_DAY_LIST} дней`,
    path: ["date_to"],
  });
export type TClientOrdersQuery = z.infer<typeof ZClientOrdersQuerySchema>;

export const ZDayQuerySchema = z.object({ date: ZDateSchema });
export type TDayQuery = z.infer<typeof ZDayQuerySchema>;

/** The per-date statistics take at most one filter: a brand name, a wholesale type or a client group. */
export const ZDateStatisticsQuerySchema = z
  .object({
    date: ZDateSchema,
    brand: z.string().min(1).max(200).optional(),
    type: z.enum(["small", "large"]).optional(),
    group_id: ZIdSchema.optional(),
  })
  .refine((q) => [q.brand, q.type, q.group_id].filter((v) => v !== undefined).length <= 1, {
    message: "Укажите не больше одного фильтра: brand, type или group_id",
    path: ["brand"],
  });
export type TDateStatisticsQuery = z.infer<typeof ZDateStatisticsQuerySchema>;

export const ZCurrencyTotalSchema = z.object({ total: z.number(), currency_sign: z.string() });
export type TCurrencyTotal = z.infer<typeof ZCurrencyTotalSchema>;

export const ZPeriodEntrySchema = ZCurrencyTotalSchema.extend({ orders_count: z.number().int() });
/** Keyed by client id. */
export const ZPeriodStatisticsSchema = z.record(z.string(), z.array(ZPeriodEntrySchema));
export type TPeriodStatistics = z.infer<typeof ZPeriodStatisticsSchema>;

export const ZClientDaySchema = z.object({
  date: z.string(),
  weekday: z.string(),
  has_orders: z.boolean(),
  totals: z.array(ZCurrencyTotalSchema),
});
export const ZClientDaysSchema = z.array(ZClientDaySchema);
export type TClientDay = z.infer<typeof ZClientDaySchema>;

export const ZCostSchema = z.object({ total_cost: z.number(), currency_sign: z.string() });
export type TCost = z.infer<typeof ZCostSchema>;

export const ZBrandStatisticsEntrySchema = z.object({
  total_quantity: z.number().int(),
  total_quantity_small_wholesale: z.number().int(),
  total_quantity_large_wholesale: z.number().int(),
  total_cost: z.array(ZCostSchema),
  total_cost_small_wholesale: z.array(ZCostSchema),
  total_cost_large_wholesale: z.array(ZCostSchema),
});
/** Keyed by brand name. */
export const ZBrandStatisticsSchema = z.record(z.string(), ZBrandStatisticsEntrySchema);
export type TBrandStatistics = z.infer<typeof ZBrandStatisticsSchema>;
export type TBrandStatisticsEntry = z.infer<typeof ZBrandStatisticsEntrySchema>;

export const ZDateStatisticsItemSchema = z.object({
  modification: z.object({ id: z.number().int(), name: z.string(), product: z.string(), brand: z.string() }),
  details: z.array(
    z.object({ total_cost: z.number(), total_quantity: z.number().int(), currency_sign: z.string() }),
  ),
});
export const ZDateStatisticsSchema = z.object({
  statistics: z.array(ZDateStatisticsItemSchema),
  ordered_brands: z.array(z.object({ name: z.string() })),
});
export type TDateStatistics = z.infer<typeof ZDateStatisticsSchema>;
export type TDateStatisticsItem = z.infer<typeof ZDateStatisticsItemSchema>;

/** Problem positions: stock at the start and at the end (now, for today) of the day, first-tier prices. */
export const ZLowModificationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  specifications: z.string(),
  quantity_on_start: z.number().int(),
  quantity: z.number().int(),
  sold: z.number().int(),
  /** The first tier's price; null when it is the «not sold at this type» placeholder or there is no tier. */
  price_small_wholesale: z.number().nullable(),
  price_large_wholesale: z.number().nullable(),
  /** The first tier's currency; null without any tier. */
  currency_sign: z.string().nullable(),
  /** Clients waiting to hear it is back in stock («Ждут: N»). */
  waiting: z.number().int(),
});
export const ZLowModificationsSchema = z.array(ZLowModificationSchema);
export type TLowModification = z.infer<typeof ZLowModificationSchema>;

/** Percent of the day's starting stock still there: the spec's rule, 0 without a start (none, as the server counts it, below 1). */
export function percentRemaining(quantity: number, quantityOnStart: number): number {
  return quantityOnStart > 0 ? Math.round((quantity * 100) / quantityOnStart) : 0;
}

const ZDaySalesSchema = z.object({
  orders: z.number().int(),
  clients: z.number().int(),
  totals: z.array(ZCurrencyTotalSchema),
});
export type TDaySales = z.infer<typeof ZDaySalesSchema>;

/**
 * The home page's figures. Each part is there only for a role that may open the screen it links to:
 * sales for statistics.read, positions for orders.read, requests for clients.read, claims for claims.manage.
 */
export const ZDashboardSchema = z.object({
  day: z.string(),
  compare_day: z.string(),
  sales: z
    .object({
      today: ZDaySalesSchema,
      week_ago: ZDaySalesSchema,
      last_30_days: z.array(z.object({ date: z.string(), totals: z.array(ZCurrencyTotalSchema) })),
      top_brands: z.array(
        z.object({ name: z.string(), quantity: z.number().int(), totals: z.array(ZCurrencyTotalSchema) }),
      ),
      low_stock: z.number().int(),
    })
    .optional(),
  positions: z.object({ to_send: z.number().int(), to_collect: z.number().int() }).optional(),
  registration_requests: z.number().int().optional(),
  open_claims: z.number().int().optional(),
  /** For roles that manage the market: open or closed now, as the settings page shows it. */
  market: z
    .object({ is_open: z.boolean(), active_schedules: z.array(z.string()), message: z.string() })
    .optional(),
});
export type TDashboard = z.infer<typeof ZDashboardSchema>;
