import type { TBulkAvailable, TUpdatedCount } from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import { modifications } from "../../../db/schema/index.ts";
import { enforceAvailability } from "../availability.ts";
import { modificationsIn } from "../catalogue-shared.ts";

/** Bulk availability over a product's or brand's modifications: one statement. */
export async function setAvailability(db: Db, input: TBulkAvailable): Promise<TUpdatedCount> {
  return db.transaction(async (tx) => {
    const where = modificationsIn({
      brand: input.brand_id !== undefined ? [input.brand_id] : [],
      products: input.product_id !== undefined ? [input.product_id] : [],
      modifications: [],
    });
    const updated = await tx
      .update(modifications)
      .set({
        ...(input.available !== undefined && { available: input.available }),
        ...(input.available_small_wholesale !== undefined && {
          availableSmallWholesale: input.available_small_wholesale,
        }),
        ...(input.available_large_wholesale !== undefined && {
          availableLargeWholesale: input.available_large_wholesale,
        }),
      })
      .where(where)
      .returning({ id: modifications.id });
    await enforceAvailability(tx, where);
    return { updated: updated.length };
  });
}
