import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { brands, modifications, products } from "./schema/index.ts";

/**
 * A select from `modifications` joined up to its product and brand: the path every list, report and export
 * that names a modification walks («Brand · Product · Modification»).
 */
export function withProductAndBrand<T extends PgSelect>(query: T) {
  return query
    .innerJoin(products, eq(products.id, modifications.productId))
    .innerJoin(brands, eq(brands.id, products.brandId));
}
