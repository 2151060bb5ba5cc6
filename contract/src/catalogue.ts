import { z } from "./zod-ru.ts";

/**
 * Catalogue entities read by other areas too (the client access rules list brands, orders show currency
 * signs). The catalogue area owns their endpoints under /api/storehouse/.
 */
export const ZCurrencySchema = z.object({ id: z.number().int(), name: z.string(), sign: z.string() });
export type TCurrency = z.infer<typeof ZCurrencySchema>;

export const ZBrandSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type TBrand = z.infer<typeof ZBrandSchema>;

/** Names are what staff search and what the offers file matches on; 200 characters like the columns. */
const ZName = z.string().trim().min(1).max(200);
const ZDescription = z.string().max(10_000);
/**
 * A tier's price of exactly 1 is a placeholder: the modification is not sold at that wholesale type (spec 4;
 * the availability rule and the bot read it so). Screens never show it as a price.
 */
export const NOT_SOLD_PRICE = 1;

/** A price: numeric(14,2) in the database, so at most 12 digits before the point. */
export const ZPriceSchema = z.number().min(0).max(999_999_999_999);
const ZQuantity = z.number().int().min(0).max(2_000_000_000);
const ZIdList = z.array(z.number().int().positive().max(2_147_483_647)).max(10_000);

export const ZBrandInputSchema = z.object({ name: ZName, description: ZDescription.optional() });
export type TBrandInput = z.infer<typeof ZBrandInputSchema>;

export const ZProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.number().int(),
  description: z.string(),
});
export type TProduct = z.infer<typeof ZProductSchema>;

export const ZProductCreateSchema = z.object({
  name: ZName,
  brand: z.number().int().positive(),
  description: ZDescription.optional(),
});
export type TProductCreate = z.infer<typeof ZProductCreateSchema>;

/** The product edit dialog sends only the name (spec 5); the other fields may be sent too. */
export const ZProductUpdateSchema = ZProductCreateSchema.partial().required({ name: true });
export type TProductUpdate = z.infer<typeof ZProductUpdateSchema>;

export const ZPriceTierSchema = z.object({
  id: z.number().int(),
  modification: z.number().int(),
  currency: z.number().int(),
  currency_sign: z.string(),
  quantity_from: z.number().int(),
  small_wholesale: z.number(),
  large_wholesale: z.number(),
  available_small_wholesale: z.boolean(),
  available_large_wholesale: z.boolean(),
});
export type TPriceTier = z.infer<typeof ZPriceTierSchema>;

const tierFields = {
  quantity_from: z.number().int().min(1).max(2_000_000_000),
  currency: z.number().int().positive(),
  small_wholesale: ZPriceSchema,
  large_wholesale: ZPriceSchema,
  available_small_wholesale: z.boolean(),
  available_large_wholesale: z.boolean(),
};

/** One tier as the price editor and `prices_data` send it. */
export const ZPriceTierInputSchema = z.object({
  ...tierFields,
  quantity_from: tierFields.quantity_from.default(1),
  available_small_wholesale: tierFields.available_small_wholesale.default(true),
  available_large_wholesale: tierFields.available_large_wholesale.default(true),
});
export type TPriceTierInput = z.infer<typeof ZPriceTierInputSchema>;

export const ZPriceTierCreateSchema = ZPriceTierInputSchema.extend({
  modification: z.number().int().positive(),
});
export type TPriceTierCreate = z.infer<typeof ZPriceTierCreateSchema>;

/** A change of one tier: only the fields sent change (no defaults), and at least one is sent. */
export const ZPriceTierUpdateSchema = z
  .object(tierFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Нет данных для изменения" });
export type TPriceTierUpdate = z.infer<typeof ZPriceTierUpdateSchema>;

/** The editor's save: rows with an id are updated, rows without one are created, in one transaction. */
export const ZPriceTiersSaveSchema = z.object({
  prices: z.array(ZPriceTierInputSchema.extend({ id: z.number().int().positive().optional() })).max(100),
});
export type TPriceTiersSave = z.infer<typeof ZPriceTiersSaveSchema>;

export const ZAdditionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  small_wholesale: z.number(),
  large_wholesale: z.number(),
  modification: z.number().int(),
});
export type TAddition = z.infer<typeof ZAdditionSchema>;

export const ZAdditionInputSchema = z.object({
  modification: z.number().int().positive(),
  description: z.string().trim().min(1).max(2000),
  small_wholesale: ZPriceSchema,
  large_wholesale: ZPriceSchema,
});
export type TAdditionInput = z.infer<typeof ZAdditionInputSchema>;

export const ZExclusiveSchema = z.object({
  id: z.number().int(),
  modification: z.number().int(),
  quantity: z.number().int(),
  ratio: z.number(),
});
export type TExclusive = z.infer<typeof ZExclusiveSchema>;

export const ZExclusiveUpdateSchema = z.object({
  quantity: ZQuantity,
  ratio: z.number().min(0).max(999_999),
});
export type TExclusiveUpdate = z.infer<typeof ZExclusiveUpdateSchema>;

/** true, false, or null meaning "not decided" (shown as undefined). */
export const ZAvailabilitySchema = z.boolean().nullable();
export type TAvailability = z.infer<typeof ZAvailabilitySchema>;

export const ZModificationSchema = z.object({
  id: z.number().int(),
  product: z.number().int(),
  name: z.string(),
  specifications: z.string(),
  quantity: z.number().int(),
  quantity_on_start: z.number().int(),
  quantity_added: z.number().int(),
  available: z.boolean(),
  available_small_wholesale: ZAvailabilitySchema,
  available_large_wholesale: ZAvailabilitySchema,
  prices: z.array(ZPriceTierSchema),
  client_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  transportation_ids: z.array(z.number().int()),
  one_hand_quantity: z.number().int(),
  one_hand_limited: z.boolean(),
  addition: ZAdditionSchema.nullable(),
  exclusive: z.boolean(),
  exclusives: z.array(ZExclusiveSchema),
  /** Clients waiting to hear it is back in stock («Ждут: N», stock-waits.ts). */
  waiting: z.number().int(),
});
export type TModification = z.infer<typeof ZModificationSchema>;

const modificationFields = {
  name: ZName,
  specifications: ZDescription.optional(),
  available: z.boolean().optional(),
  available_small_wholesale: ZAvailabilitySchema.optional(),
  available_large_wholesale: ZAvailabilitySchema.optional(),
  one_hand_quantity: ZQuantity.optional(),
  exclusive: z.boolean().optional(),
  client_ids: ZIdList.optional(),
  group_ids: ZIdList.optional(),
  transportation_ids: ZIdList.optional(),
};

export const ZModificationCreateSchema = z.object({
  ...modificationFields,
  product: z.number({ error: "Пожалуйста, выберите брэнд и продукт" }).int().positive(),
  quantity: ZQuantity.default(0),
  prices_data: z.array(ZPriceTierInputSchema).max(100).default([]),
});
export type TModificationCreate = z.infer<typeof ZModificationCreateSchema>;

/**
 * Stock is not edited here: it changes only through modifications/quantity/, whose delta cannot lose a
 * concurrent change.
 */
export const ZModificationUpdateSchema = z.object(modificationFields).partial();
export type TModificationUpdate = z.infer<typeof ZModificationUpdateSchema>;

export const ZQuantityDeltaSchema = z.object({
  modification: z.number().int().positive(),
  delta: z.number().int().min(-2_000_000_000).max(2_000_000_000),
});
export type TQuantityDelta = z.infer<typeof ZQuantityDeltaSchema>;

/** Bulk availability over a product's or a brand's modifications: exactly one of product_id, brand_id. */
export const ZBulkAvailableSchema = z
  .object({
    available_small_wholesale: z.boolean().optional(),
    available_large_wholesale: z.boolean().optional(),
    available: z.boolean().optional(),
    product_id: z.number().int().positive().optional(),
    brand_id: z.number().int().positive().optional(),
  })
  .refine((v) => (v.product_id === undefined) !== (v.brand_id === undefined), {
    message: "Укажите либо product_id, либо brand_id",
    path: ["product_id"],
  })
  .refine(
    (v) =>
      v.available !== undefined ||
      v.available_small_wholesale !== undefined ||
      v.available_large_wholesale !== undefined,
    { message: "Не указано, что изменить", path: ["available"] },
  );
export type TBulkAvailable = z.infer<typeof ZBulkAvailableSchema>;

export const ZBrandExclusivesSchema = z.object({
  brand_id: z.number({ error: "Выберите брэнд" }).int().positive(),
  exclusive: z.boolean(),
  ratio: z.number().min(0).max(999_999).default(0),
  /** The share of each modification's stock reserved as exclusive, 0-100. */
  percent: z.number().min(0).max(100).default(0),
});
export type TBrandExclusives = z.infer<typeof ZBrandExclusivesSchema>;
/** A brand's exclusivity as last set brand-wide (all off for a brand never set). */
export const ZBrandExclusivesStateSchema = ZBrandExclusivesSchema.required();
export type TBrandExclusivesState = z.infer<typeof ZBrandExclusivesStateSchema>;

export const WHOLESALE_TYPES = ["small", "large"] as const;
export const ZWholesaleTypeSchema = z.enum(WHOLESALE_TYPES);

export const ZBulkPriceSchema = z
  .object({
    newRate: z.number().positive().max(1_000_000_000),
    oldRate: z.number().positive().max(1_000_000_000),
    currency: z.number({ error: "Выберите валюту" }).int().positive(),
    wholesale: ZWholesaleTypeSchema,
    brand: ZIdList.default([]),
    products: ZIdList.default([]),
    modifications: ZIdList.default([]),
  })
  .refine((v) => v.brand.length + v.products.length + v.modifications.length > 0, {
    message: "Выберите брэнды, продукты или модификации",
    path: ["brand"],
  });
export type TBulkPrice = z.infer<typeof ZBulkPriceSchema>;

/** One price a bulk change would set: the modification (named as a position is), its tier, before and after. */
export const ZBulkPriceExampleSchema = z.object({
  modification: z.number().int(),
  name: z.string(),
  quantity_from: z.number().int(),
  currency_sign: z.string(),
  old_price: z.number(),
  new_price: z.number(),
});
export type TBulkPriceExample = z.infer<typeof ZBulkPriceExampleSchema>;

/**
 * What `POST modifications/prices/bulk/` would do with the same body, computed by the same statement pieces:
 * how many prices change, and the first few of them (by brand, product, modification and tier).
 */
export const ZBulkPricePreviewSchema = z.object({
  count: z.number().int(),
  examples: z.array(ZBulkPriceExampleSchema),
});
export type TBulkPricePreview = z.infer<typeof ZBulkPricePreviewSchema>;

/** What a bulk change touched. */
export const ZUpdatedCountSchema = z.object({ updated: z.number().int() });
export type TUpdatedCount = z.infer<typeof ZUpdatedCountSchema>;

export const ZSearchQuerySchema = z.object({ q: z.string().max(200).default("") });

export const ZProductListQuerySchema = z.object({
  brand: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Brand names separated by commas. */
  brandNames: z.string().max(10_000).optional(),
});
export const ZProductSearchQuerySchema = ZSearchQuerySchema.extend({
  brand: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const ZModificationListQuerySchema = z.object({
  product: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZModificationSearchQuerySchema = ZSearchQuerySchema.extend({
  product: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** The catalogue tree without modifications: brand tabs and product accordions in one call. */
export const ZNomenclatureSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type TNomenclature = z.infer<typeof ZNomenclatureSchema>;

/** Result of an offers file import, counted in modifications. */
export const ZOffersImportResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /**
   * Clients waiting for a modification the file brought back in stock: each hears of it once it is theirs to
   * order (stock-waits.ts).
   */
  clients_to_tell: z.number().int(),
});
export type TOffersImportResult = z.infer<typeof ZOffersImportResultSchema>;

/** The modification dialog's History tab: today's orders of the modification per client. */
export const ZModificationOrdersSchema = z.array(
  z.object({
    owner: z.object({ id: z.number().int(), nickname: z.string(), telegram_username: z.string().nullable() }),
    quantity_sum: z.number().int(),
    quantity_by_price: z.array(
      z.object({
        quantity: z.number().int(),
        price: z.object({ value: z.number(), currency_sign: z.string() }),
      }),
    ),
  }),
);
export type TModificationOrders = z.infer<typeof ZModificationOrdersSchema>;
