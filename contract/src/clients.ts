import { z } from "./zod-ru.ts";

/** Client types as the bot and the spec code them. */
export const CLIENT_TYPE_LARGE = 2;
export const CLIENT_TYPE_SMALL = 3;
export const ZClientTypeSchema = z.union([z.literal(CLIENT_TYPE_LARGE), z.literal(CLIENT_TYPE_SMALL)]);

/**
 * Client entities read by other areas too (the catalogue's "Available to clients" tab, orders, messages).
 * The clients area owns their endpoints under /api/profiles/.
 */
export const ZClientGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surcharge: z.number(),
  is_active: z.boolean(),
});
export type TClientGroup = z.infer<typeof ZClientGroupSchema>;

export const ZTransportationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  tg_id: z.number().int().nullable(),
});
export type TTransportation = z.infer<typeof ZTransportationSchema>;

export const ZAccessRulesSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  all_prices: z.array(z.string()),
  banned_brands: z.array(z.string()),
  total_limit: z.number().nullable(),
});
export type TAccessRules = z.infer<typeof ZAccessRulesSchema>;

export const ZClientSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int().nullable(),
  telegram_username: z.string().nullable(),
  phone_number: z.string().nullable(),
  organization: z.number().int().nullable(),
  organization_name: z.string(),
  nickname: z.string(),
  offline: z.boolean(),
  group: z.number().int().nullable(),
  transportation: z.number().int().nullable(),
  client_type: ZClientTypeSchema.nullable(),
  is_active: z.boolean(),
  banned: z.boolean(),
  permanent_banned: z.boolean(),
  suspicious: z.boolean(),
  allowed_price: z.boolean(),
  allowed_price_w_markup: z.boolean(),
  client_small_wholesale: z.boolean(),
  client_large_wholesale: z.boolean(),
  accessrules: ZAccessRulesSchema.nullable(),
});
export type TClient = z.infer<typeof ZClientSchema>;
