import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { modifications, priceTiers } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import { enforceAvailability } from "../availability.ts";

/** Deletes a tier; the modification's availability follows. */
export async function deleteTier(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(priceTiers)
      .where(eq(priceTiers.id, id))
      .returning({ modificationId: priceTiers.modificationId });
    if (!row) throw notFound("Цена не найдена");
    await enforceAvailability(tx, eq(modifications.id, row.modificationId));
  });
}
