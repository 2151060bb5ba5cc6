import type { Db } from "../client.ts";
import { brands, currencies, modifications, priceTiers, products } from "../schema/index.ts";
import { nextSeq } from "./sequence.ts";

export async function seedCurrency(db: Db, values: Partial<typeof currencies.$inferInsert> = {}) {
  const [row] = await db
    .insert(currencies)
    .values({ name: `Валюта ${nextSeq()}`, sign: "₽", ...values })
    .returning();
  if (!row) throw new Error("could not seed a currency");
  return row;
}

export async function seedBrand(db: Db, values: Partial<typeof brands.$inferInsert> = {}) {
  const [row] = await db
    .insert(brands)
    .values({ name: `Брэнд ${nextSeq()}`, ...values })
    .returning();
  if (!row) throw new Error("could not seed a brand");
  return row;
}

export async function seedProduct(
  db: Db,
  values: Partial<typeof products.$inferInsert> & { brandId?: number } = {},
) {
  const brandId = values.brandId ?? (await seedBrand(db)).id;
  const [row] = await db
    .insert(products)
    .values({ name: `Товар ${nextSeq()}`, ...values, brandId })
    .returning();
  if (!row) throw new Error("could not seed a product");
  return row;
}

export type TierSeed = Partial<Omit<typeof priceTiers.$inferInsert, "modificationId">> & {
  currencyId: number;
};

/** A modification with its price tiers (a product, brand and currency are made when not given). */
export async function seedModification(
  db: Db,
  values: Partial<typeof modifications.$inferInsert> & { productId?: number; tiers?: TierSeed[] } = {},
) {
  const { tiers, ...rest } = values;
  const productId = rest.productId ?? (await seedProduct(db)).id;
  const [row] = await db
    .insert(modifications)
    .values({
      name: `Модификация ${nextSeq()}`,
      quantity: 100,
      quantityOnStart: 100,
      available: true,
      availableSmallWholesale: true,
      availableLargeWholesale: true,
      ...rest,
      productId,
    })
    .returning();
  if (!row) throw new Error("could not seed a modification");
  const tierRows = tiers?.length
    ? await db
        .insert(priceTiers)
        .values(tiers.map((t) => ({ smallWholesale: 100, largeWholesale: 90, ...t, modificationId: row.id })))
        .returning()
    : [];
  return { ...row, tiers: tierRows };
}
