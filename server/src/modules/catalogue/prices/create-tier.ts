import type { TPriceTier, TPriceTierCreate } from "@wholesale/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { firstRow } from "../../../db/first-row.ts";
import { modifications, priceTiers } from "../../../db/schema/index.ts";
import { AppError } from "../../../http/errors.ts";
import { enforceAvailability } from "../availability.ts";
import { tiersOf } from "../catalogue-shared.ts";

/** Adds a tier to a modification; a modification's first tier starts at 1 whatever it says. */
export async function createTier(db: Db, data: TPriceTierCreate): Promise<TPriceTier> {
  return db.transaction(async (tx) => {
    const [mod] = await tx
      .select({ id: modifications.id })
      .from(modifications)
      .where(eq(modifications.id, data.modification))
      .for("update");
    if (!mod)
      throw new AppError("bad_request", "Модификация не найдена", {
        modification: ["Модификация не найдена"],
      });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(priceTiers)
      .where(eq(priceTiers.modificationId, data.modification));
    const [row] = await tx
      .insert(priceTiers)
      .values({
        modificationId: data.modification,
        currencyId: data.currency,
        quantityFrom: n === 0 ? 1 : data.quantity_from,
        smallWholesale: data.small_wholesale,
        largeWholesale: data.large_wholesale,
        availableSmallWholesale: data.available_small_wholesale,
        availableLargeWholesale: data.available_large_wholesale,
      })
      .returning({ id: priceTiers.id });
    await enforceAvailability(tx, eq(modifications.id, data.modification));
    const tiers = await tiersOf(tx, [data.modification]);
    return firstRow(tiers.filter((t) => t.id === row?.id));
  });
}
