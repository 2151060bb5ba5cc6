import {
  positionName,
  type TBulkPrice,
  type TBulkPricePreview,
  type TModification,
  type TPriceTier,
  type TPriceTierCreate,
  type TPriceTiersSave,
  type TPriceTierUpdate,
  type TUpdatedCount,
} from "@wholesale/contract";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import { brands, currencies, modifications, priceTiers, products } from "../../db/schema/index.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { enforceAvailability } from "./availability.ts";
import { getModification, modificationsIn, tiersOf, tierValues } from "./catalogue-shared.ts";

/** How many changed prices a preview names: enough to check the direction and the size of the change. */
const PREVIEW_EXAMPLES = 5;

/**
 * A bulk price change as statement pieces, shared by the change and its preview so the two cannot disagree:
 * the chosen wholesale type's column, its new value (new = old × newRate / oldRate, rounded to the kopeck and
 * typed as the column, so a value too large for it is refused by the preview too), and the tiers it changes
 * (the chosen currency, over the union of brands, products and modifications; a price of exactly 1, «not sold
 * at this type», stays; a price the rounding leaves as it was is not a change).
 */
function bulkChange(data: TBulkPrice) {
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

/** The catalogue's price tiers, one by one, as the editor saves them, and in bulk. */
export function createPriceService({ db }: { db: Db }) {
  return {
    /** Answers how many tiers changed (those whose price the change leaves as it was are not counted). */
    async bulkPrices(data: TBulkPrice): Promise<TUpdatedCount> {
      const { key, newPrice, changed } = bulkChange(data);
      const updated = await db
        .update(priceTiers)
        .set({ [key]: newPrice })
        .where(changed)
        .returning({ id: priceTiers.id });
      return { updated: updated.length };
    },

    /** What `bulkPrices` would do now: the count and the first few prices, before and after. */
    async previewBulkPrices(data: TBulkPrice): Promise<TBulkPricePreview> {
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
