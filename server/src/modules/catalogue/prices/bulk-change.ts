import type { TBulkPrice } from "@wholesale/contract";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { modifications, priceTiers } from "../../../db/schema/index.ts";
import { modificationsIn } from "../catalogue-shared.ts";

/**
 * A bulk price change as statement pieces, shared by the change and its preview so the two cannot disagree:
 * the chosen wholesale type's column, its new value (new = old × newRate / oldRate, rounded to the kopeck and
 * typed as the column, so a value too large for it is refused by the preview too), and the tiers it changes
 * (the chosen currency, over the union of brands, products and modifications; a price of exactly 1, «not sold
 * at this type», stays; a price the rounding leaves as it was is not a change).
 */
export function bulkChange(data: TBulkPrice) {
  const column = data.wholesale === "small" ? priceTiers.smallWholesale : priceTiers.largeWholesale;
  const key = data.wholesale === "small" ? "smallWholesale" : "largeWholesale";
  const newPrice = sql<number>`round(${column} * ${String(data.newRate)}::numeric / ${String(data.oldRate)}::numeric, 2)::numeric(14, 2)`;
  const inSelection = sql`(select ${modifications.id} from ${modifications} where ${modificationsIn(data)})`;
  const changed = and(
    eq(priceTiers.currencyId, data.currency),
    ne(column, 1),
    inArray(priceTiers.modificationId, inSelection),
    sql`${newPrice} <> ${column}`,
  );
  return { column, key, newPrice, changed };
}
