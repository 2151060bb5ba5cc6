import type { TModification } from "@wholesale/contract";
import { and, asc, eq, ilike, or } from "drizzle-orm";
import { withProductAndBrand } from "../../../db/catalogue-path.ts";
import type { Db } from "../../../db/client.ts";
import { brands, modifications, products } from "../../../db/schema/index.ts";
import { expand, SEARCH_LIMIT, searchTerm } from "../catalogue-shared.ts";

/**
 * A modification matches by its own name, its product's or its brand's. Without a term (or one under 2
 * characters) the list is the product's, or the whole catalogue's first SEARCH_LIMIT by name (spec 5: below
 * 2 characters the full list is shown), as brands and products answer.
 */
export async function searchModifications(db: Db, q: string, product?: number): Promise<TModification[]> {
  const term = searchTerm(q);
  const rows = await withProductAndBrand(db.select({ m: modifications }).from(modifications).$dynamic())
    .where(
      and(
        product !== undefined ? eq(modifications.productId, product) : undefined,
        term
          ? or(ilike(modifications.name, term), ilike(products.name, term), ilike(brands.name, term))
          : undefined,
      ),
    )
    .orderBy(asc(modifications.name))
    .limit(SEARCH_LIMIT);
  return expand(
    db,
    rows.map((r) => r.m),
  );
}
