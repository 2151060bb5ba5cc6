import type { TModification, TModificationCreate } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { modifications, priceTiers, products } from "../../../db/schema/index.ts";
import { AppError, uniqueName } from "../../../http/errors.ts";
import { enforceAvailability } from "../availability.ts";
import { getModification, setRestrictions, tierValues } from "../catalogue-shared.ts";

/** A new modification of a product, with its first price tiers (the first from 1) and restrictions. */
export async function createModification(db: Db, data: TModificationCreate): Promise<TModification> {
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
}
