import { z } from "./zod-ru.ts";

/**
 * Catalogue entities read by other areas too (the client access rules list brands, orders show currency
 * signs). The catalogue area owns their endpoints under /api/storehouse/.
 */
export const ZCurrencySchema = z.object({ id: z.number().int(), name: z.string(), sign: z.string() });
export type TCurrency = z.infer<typeof ZCurrencySchema>;

export const ZBrandSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export type TBrand = z.infer<typeof ZBrandSchema>;
