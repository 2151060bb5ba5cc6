import type { TBulkPrice, TUpdatedCount } from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import { priceTiers } from "../../../db/schema/index.ts";
import { bulkChange } from "./bulk-change.ts";

/** Answers how many tiers changed (those whose price the change leaves as it was are not counted). */
export async function changePricesInBulk(db: Db, data: TBulkPrice): Promise<TUpdatedCount> {
  const { key, newPrice, changed } = bulkChange(data);
  const updated = await db
    .update(priceTiers)
    .set({ [key]: newPrice })
    .where(changed)
    .returning({ id: priceTiers.id });
  return { updated: updated.length };
}
