import { positionName, type TBulkPrice, type TBulkPricePreview } from "@wholesale/contract";
import { asc, eq, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../../db/catalogue-path.ts";
import type { Db } from "../../../db/client.ts";
import { brands, currencies, modifications, priceTiers, products } from "../../../db/schema/index.ts";
import { bulkChange } from "./bulk-change.ts";

/** How many changed prices a preview names: enough to check the direction and the size of the change. */
const PREVIEW_EXAMPLES = 5;

/** What `changePricesInBulk` would do now: the count and the first few prices, before and after. */
export async function previewBulkPrices(db: Db, data: TBulkPrice): Promise<TBulkPricePreview> {
  const { column, newPrice, changed } = bulkChange(data);
  const rows = await withProductAndBrand(
    db
      .select({
        modification: modifications.id,
        modificationName: modifications.name,
        productName: products.name,
        brandName: brands.name,
        quantityFrom: priceTiers.quantityFrom,
        currencySign: currencies.sign,
        oldPrice: column,
        newPrice: newPrice.mapWith(Number),
        count: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(priceTiers)
      .innerJoin(modifications, eq(modifications.id, priceTiers.modificationId))
      .$dynamic(),
  )
    .innerJoin(currencies, eq(currencies.id, priceTiers.currencyId))
    .where(changed)
    .orderBy(
      asc(brands.name),
      asc(products.name),
      asc(modifications.name),
      asc(modifications.id),
      asc(priceTiers.quantityFrom),
      asc(priceTiers.id),
    )
    .limit(PREVIEW_EXAMPLES);
  return {
    count: rows[0]?.count ?? 0,
    examples: rows.map((r) => ({
      modification: r.modification,
      name: positionName({
        brand: r.brandName,
        product: r.productName,
        modification: r.modificationName,
      }),
      quantity_from: r.quantityFrom,
      currency_sign: r.currencySign,
      old_price: r.oldPrice,
      new_price: r.newPrice,
    })),
  };
}
