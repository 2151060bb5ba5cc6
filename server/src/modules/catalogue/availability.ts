import { and, type Column, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { modifications, priceTiers } from "../../db/schema/index.ts";
import { soldOut } from "../stock/index.ts";

/**
 * A wholesale type is not sellable when stock is below 1, or when no tier has a real price for it (a
 * price of 1 means "not sold at this type") that is available: its flag is forced to false. Otherwise the
 * staff's choice (true, null or false) stays. One statement over every modification `where` selects.
 */
export async function enforceAvailability(tx: Db | Tx, where: SQL): Promise<void> {
  const sellable = (price: Column, available: Column) =>
    sql`exists (select 1 from ${priceTiers} where ${and(
      eq(priceTiers.modificationId, modifications.id),
      ne(price, 1),
      eq(available, true),
    )})`;
  await tx
    .update(modifications)
    .set({
      availableSmallWholesale: sql`case when ${soldOut(modifications.quantity)} or not ${sellable(
        priceTiers.smallWholesale,
        priceTiers.availableSmallWholesale,
      )} then false else ${modifications.availableSmallWholesale} end`,
      availableLargeWholesale: sql`case when ${soldOut(modifications.quantity)} or not ${sellable(
        priceTiers.largeWholesale,
        priceTiers.availableLargeWholesale,
      )} then false else ${modifications.availableLargeWholesale} end`,
    })
    .where(where);
}
