import type { TModification, TPriceTiersSave } from "@wholesale/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { modifications, priceTiers } from "../../../db/schema/index.ts";
import { AppError, notFound } from "../../../http/errors.ts";
import { enforceAvailability } from "../availability.ts";
import { getModification, tierValues } from "../catalogue-shared.ts";

/** The price editor's save: update rows with ids, create the others, the first row from 1. */
export async function saveTiers(
  db: Db,
  modificationId: number,
  { prices }: TPriceTiersSave,
): Promise<TModification> {
  return db.transaction(async (tx) => {
    const [mod] = await tx
      .select({ id: modifications.id })
      .from(modifications)
      .where(eq(modifications.id, modificationId))
      .for("update");
    if (!mod) throw notFound("Модификация не найдена");
    for (const [i, tier] of prices.entries()) {
      const values = { ...tierValues(tier), quantityFrom: i === 0 ? 1 : tier.quantity_from };
      if (tier.id !== undefined) {
        const [row] = await tx
          .update(priceTiers)
          .set(values)
          .where(and(eq(priceTiers.id, tier.id), eq(priceTiers.modificationId, modificationId)))
          .returning({ id: priceTiers.id });
        if (!row) throw new AppError("bad_request", `Цена #${tier.id} не относится к этой модификации`);
      } else {
        await tx.insert(priceTiers).values({
          ...values,
          modificationId,
          currencyId: tier.currency,
          smallWholesale: tier.small_wholesale,
          largeWholesale: tier.large_wholesale,
        });
      }
    }
    await enforceAvailability(tx, eq(modifications.id, modificationId));
    return getModification(tx, modificationId);
  });
}
