import type { TPriceTier, TPriceTierUpdate } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { firstRow } from "../../../db/first-row.ts";
import { modifications, priceTiers } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import { enforceAvailability } from "../availability.ts";
import { tiersOf, tierValues } from "../catalogue-shared.ts";

/** Changes a tier; the modification's availability follows. */
export async function editTier(db: Db, id: number, input: TPriceTierUpdate): Promise<TPriceTier> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(priceTiers)
      .set(tierValues(input))
      .where(eq(priceTiers.id, id))
      .returning({ modificationId: priceTiers.modificationId });
    if (!row) throw notFound("Цена не найдена");
    await enforceAvailability(tx, eq(modifications.id, row.modificationId));
    const tiers = await tiersOf(tx, [row.modificationId]);
    return firstRow(tiers.filter((t) => t.id === id));
  });
}
