import type {
  TBulkAvailable,
  TModification,
  TModificationCreate,
  TModificationUpdate,
  TQuantityDelta,
  TUpdatedCount,
} from "@wholesale/contract";
import { and, asc, eq, ilike, or } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import { brands, modifications, priceTiers, products } from "../../db/schema/index.ts";
import { AppError, conflict, notFound, uniqueName } from "../../http/errors.ts";
import { correctStock } from "../stock/index.ts";
import { enforceAvailability } from "./availability.ts";
import {
  expand,
  getModification,
  modificationsIn,
  refuseIfOrdered,
  SEARCH_LIMIT,
  searchTerm,
  setRestrictions,
  tierValues,
} from "./catalogue-shared.ts";

/** The catalogue's modifications: their fields, restrictions, stock and availability. */
export function createModificationService({ db }: { db: Db }) {
  return {
    async listModifications(product: number): Promise<TModification[]> {
      const rows = await db
        .select()
        .from(modifications)
        .where(eq(modifications.productId, product))
        .orderBy(asc(modifications.name));
      return expand(db, rows);
    },

    /**
     * A modification matches by its own name, its product's or its brand's. Without a term (or one under 2
     * characters) the list is the product's, or the whole catalogue's first SEARCH_LIMIT by name (spec 5: below
     * 2 characters the full list is shown), as brands and products answer.
     */
    async searchModifications(q: string, product?: number): Promise<TModification[]> {
      const term = searchTerm(q);
      const rows = await withProductAndBrand(db.select({ m: modifications }).from(modifications).$dynamic())
        .where(
          and(
            product !== undefined ? eq(modifications.productId, product) : undefined,
            term
              ? or(ilike(modifications.name, term), ilike(products.name, term), ilike(brands.name, term))
              : undefined,
          ),
        )
        .orderBy(asc(modifications.name))
        .limit(SEARCH_LIMIT);
      return expand(
        db,
        rows.map((r) => r.m),
      );
    },

    getModification: (id: number) => getModification(db, id),

    async createModification(data: TModificationCreate): Promise<TModification> {
      return uniqueName("Модификация с таким названием у продукта уже есть", () =>
        db.transaction(async (tx) => {
          const [product] = await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, data.product));
          if (!product)
            throw new AppError("bad_request", "Продукт не найден", { product: ["Продукт не найден"] });
          const oneHand = data.one_hand_quantity ?? 0;
          const [row] = await tx
            .insert(modifications)
            .values({
              productId: data.product,
              name: data.name,
              specifications: data.specifications ?? "",
              quantity: data.quantity,
              quantityOnStart: data.quantity,
              available: data.available ?? false,
              availableSmallWholesale: data.available_small_wholesale ?? null,
              availableLargeWholesale: data.available_large_wholesale ?? null,
              oneHandQuantity: oneHand,
              oneHandLimited: oneHand !== 0,
              exclusive: data.exclusive ?? false,
            })
            .returning();
          if (!row) throw new AppError("server_error", "Ошибка при создании модификации");
          if (data.prices_data.length) {
            await tx.insert(priceTiers).values(
              data.prices_data.map((tier, i) => ({
                ...tierValues(tier),
                // The first tier always starts at 1 (spec 4).
                quantityFrom: i === 0 ? 1 : tier.quantity_from,
                modificationId: row.id,
                currencyId: tier.currency,
                smallWholesale: tier.small_wholesale,
                largeWholesale: tier.large_wholesale,
              })),
            );
          }
          await setRestrictions(tx, row.id, data);
          await enforceAvailability(tx, eq(modifications.id, row.id));
          return getModification(tx, row.id);
        }),
      );
    },

    async updateModification(id: number, input: TModificationUpdate): Promise<TModification> {
      return uniqueName("Модификация с таким названием у продукта уже есть", () =>
        db.transaction(async (tx) => {
          const values = {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.specifications !== undefined && { specifications: input.specifications }),
            ...(input.available !== undefined && { available: input.available }),
            ...(input.available_small_wholesale !== undefined && {
              availableSmallWholesale: input.available_small_wholesale,
            }),
            ...(input.available_large_wholesale !== undefined && {
              availableLargeWholesale: input.available_large_wholesale,
            }),
            ...(input.one_hand_quantity !== undefined && {
              oneHandQuantity: input.one_hand_quantity,
              oneHandLimited: input.one_hand_quantity !== 0,
            }),
            ...(input.exclusive !== undefined && { exclusive: input.exclusive }),
          };
          // Restrictions alone leave no column to set: the row is locked the same way.
          const [row] =
            Object.keys(values).length > 0
              ? await tx
                  .update(modifications)
                  .set(values)
                  .where(eq(modifications.id, id))
                  .returning({ id: modifications.id })
              : await tx
                  .select({ id: modifications.id })
                  .from(modifications)
                  .where(eq(modifications.id, id))
                  .for("update");
          if (!row) throw notFound("Модификация не найдена");
          await setRestrictions(tx, id, input);
          await enforceAvailability(tx, eq(modifications.id, id));
          return getModification(tx, id);
        }),
      );
    },

    async deleteModification(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: modifications.id })
          .from(modifications)
          .where(eq(modifications.id, id))
          .for("update");
        if (!row) throw notFound("Модификация не найдена");
        await refuseIfOrdered(tx, eq(modifications.id, id), "Модификацию нельзя удалить: она есть в заказах");
        await tx.delete(modifications).where(eq(modifications.id, id));
      });
    },

    /** Staff's «+/-» of the stock: stock/'s correctStock, refused with why when it would go below zero. */
    async changeQuantity({ modification, delta }: TQuantityDelta): Promise<TModification> {
      return db.transaction(async (tx) => {
        const moved = await correctStock(tx, modification, delta);
        if (!moved.ok) {
          if (moved.quantity === null) throw notFound("Модификация не найдена");
          throw conflict(
            `Остаток не может стать отрицательным: сейчас ${moved.quantity}, изменение ${delta}`,
          );
        }
        return getModification(tx, modification);
      });
    },

    /** Bulk availability over a product's or brand's modifications: one statement. */
    async setAvailable(input: TBulkAvailable): Promise<TUpdatedCount> {
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
    },

    // Price tiers

    /**
     * new = old * newRate / oldRate for one wholesale type and currency, in one statement. A price of 1
     * means "not sold at this type" and is kept.
     */
  };
}
