import type {
  TBulkPrice,
  TModification,
  TPriceTier,
  TPriceTierCreate,
  TPriceTiersSave,
  TPriceTierUpdate,
  TUpdatedCount,
} from "@wholesale/contract";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import { modifications, priceTiers } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { enforceAvailability } from "./availability.ts";
import { getModification, modificationsIn, tiersOf, tierValues } from "./catalogue-shared.ts";

/** The catalogue's price tiers, one by one, as the editor saves them, and in bulk. */
export function createPriceService({ db }: { db: Db }) {
  return {
    async bulkPrices(data: TBulkPrice): Promise<TUpdatedCount> {
      const column = data.wholesale === "small" ? priceTiers.smallWholesale : priceTiers.largeWholesale;
      const key = data.wholesale === "small" ? "smallWholesale" : "largeWholesale";
      return db.transaction(async (tx) => {
        const inSelection = sql`(select ${modifications.id} from ${modifications} where ${modificationsIn(data)})`;
        const updated = await tx
          .update(priceTiers)
          .set({
            [key]: sql`round(${column} * ${String(data.newRate)}::numeric / ${String(data.oldRate)}::numeric, 2)`,
          })
          .where(
            and(
              eq(priceTiers.currencyId, data.currency),
              ne(column, 1),
              inArray(priceTiers.modificationId, inSelection),
            ),
          )
          .returning({ id: priceTiers.id });
        return { updated: updated.length };
      });
    },

    async createTier(data: TPriceTierCreate): Promise<TPriceTier> {
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
    },

    async updateTier(id: number, input: TPriceTierUpdate): Promise<TPriceTier> {
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
    },

    async deleteTier(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(priceTiers)
          .where(eq(priceTiers.id, id))
          .returning({ modificationId: priceTiers.modificationId });
        if (!row) throw notFound("Цена не найдена");
        await enforceAvailability(tx, eq(modifications.id, row.modificationId));
      });
    },

    /** The price editor's save: update rows with ids, create the others, the first row from 1. */
    async saveTiers(modificationId: number, { prices }: TPriceTiersSave): Promise<TModification> {
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
    },

    // Additions and exclusives
  };
}
