import type {
  TAddition,
  TAdditionInput,
  TBrand,
  TBrandExclusives,
  TBrandInput,
  TBulkAvailable,
  TBulkPrice,
  TCurrency,
  TExclusive,
  TExclusiveUpdate,
  TModification,
  TModificationCreate,
  TModificationUpdate,
  TNomenclature,
  TPriceTier,
  TPriceTierCreate,
  TPriceTiersSave,
  TPriceTierUpdate,
  TProduct,
  TProductCreate,
  TProductUpdate,
  TQuantityDelta,
  TUpdatedCount,
} from "@wholesale/contract";
import { and, asc, eq, exists, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  additions,
  brands,
  currencies,
  exclusives,
  modificationClients,
  modificationGroups,
  modifications,
  modificationTransportations,
  orderPositions,
  priceTiers,
  products,
} from "../../db/schema/index.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../http/errors.ts";
import { enforceAvailability } from "./availability.ts";

type ModificationRow = typeof modifications.$inferSelect;

/** Search starts at 2 characters; below that the full list is shown (spec 5). */
export const SEARCH_MIN_LENGTH = 2;
/** A search across every product answers at most this many modifications. */
const SEARCH_LIMIT = 500;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, "\\$&")}%`;
const searchTerm = (q: string) => {
  const term = q.trim();
  return term.length >= SEARCH_MIN_LENGTH ? likePattern(term) : undefined;
};

const toBrand = (row: typeof brands.$inferSelect): TBrand => ({
  id: row.id,
  name: row.name,
  description: row.description,
});
const toProduct = (row: typeof products.$inferSelect): TProduct => ({
  id: row.id,
  name: row.name,
  brand: row.brandId,
  description: row.description,
});
const toAddition = (row: typeof additions.$inferSelect): TAddition => ({
  id: row.id,
  description: row.description,
  small_wholesale: row.smallWholesale,
  large_wholesale: row.largeWholesale,
  modification: row.modificationId,
});
const toExclusive = (row: typeof exclusives.$inferSelect): TExclusive => ({
  id: row.id,
  modification: row.modificationId,
  quantity: row.quantity,
  ratio: row.ratio,
});

async function tiersOf(tx: Db | Tx, ids: number[]): Promise<TPriceTier[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ tier: priceTiers, sign: currencies.sign })
    .from(priceTiers)
    .innerJoin(currencies, eq(currencies.id, priceTiers.currencyId))
    .where(inArray(priceTiers.modificationId, ids))
    .orderBy(asc(priceTiers.quantityFrom), asc(priceTiers.id));
  return rows.map(({ tier, sign }) => ({
    id: tier.id,
    modification: tier.modificationId,
    currency: tier.currencyId,
    currency_sign: sign,
    quantity_from: tier.quantityFrom,
    small_wholesale: tier.smallWholesale,
    large_wholesale: tier.largeWholesale,
    available_small_wholesale: tier.availableSmallWholesale,
    available_large_wholesale: tier.availableLargeWholesale,
  }));
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Modifications with their tiers, restrictions, addition and exclusives: six queries for any number. */
async function expand(tx: Db | Tx, rows: ModificationRow[]): Promise<TModification[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [tiers, clientRows, groupRows, transportationRows, additionRows, exclusiveRows] = await Promise.all([
    tiersOf(tx, ids),
    tx.select().from(modificationClients).where(inArray(modificationClients.modificationId, ids)),
    tx.select().from(modificationGroups).where(inArray(modificationGroups.modificationId, ids)),
    tx
      .select()
      .from(modificationTransportations)
      .where(inArray(modificationTransportations.modificationId, ids)),
    tx.select().from(additions).where(inArray(additions.modificationId, ids)),
    tx.select().from(exclusives).where(inArray(exclusives.modificationId, ids)).orderBy(asc(exclusives.id)),
  ]);
  const byTier = groupBy(tiers, (t) => t.modification);
  const byClient = groupBy(clientRows, (r) => r.modificationId);
  const byGroup = groupBy(groupRows, (r) => r.modificationId);
  const byTransportation = groupBy(transportationRows, (r) => r.modificationId);
  const byAddition = new Map(additionRows.map((r) => [r.modificationId, r]));
  const byExclusive = groupBy(exclusiveRows, (r) => r.modificationId);
  return rows.map((row) => {
    const addition = byAddition.get(row.id);
    return {
      id: row.id,
      product: row.productId,
      name: row.name,
      specifications: row.specifications,
      quantity: row.quantity,
      quantity_on_start: row.quantityOnStart,
      quantity_added: row.quantityAdded,
      available: row.available,
      available_small_wholesale: row.availableSmallWholesale,
      available_large_wholesale: row.availableLargeWholesale,
      prices: byTier.get(row.id) ?? [],
      client_ids: (byClient.get(row.id) ?? []).map((r) => r.clientId).sort((a, b) => a - b),
      group_ids: (byGroup.get(row.id) ?? []).map((r) => r.groupId).sort((a, b) => a - b),
      transportation_ids: (byTransportation.get(row.id) ?? [])
        .map((r) => r.transportationId)
        .sort((a, b) => a - b),
      one_hand_quantity: row.oneHandQuantity,
      one_hand_limited: row.oneHandLimited,
      addition: addition ? toAddition(addition) : null,
      exclusive: row.exclusive,
      exclusives: (byExclusive.get(row.id) ?? []).map(toExclusive),
    };
  });
}

async function getModification(tx: Db | Tx, id: number): Promise<TModification> {
  const [row] = await tx.select().from(modifications).where(eq(modifications.id, id));
  if (!row) throw notFound("Модификация не найдена");
  const [modification] = await expand(tx, [row]);
  return modification as TModification;
}

/** Replaces the "available to clients" restrictions that the input names. */
async function setRestrictions(
  tx: Tx,
  id: number,
  input: Pick<TModificationUpdate, "client_ids" | "group_ids" | "transportation_ids">,
): Promise<void> {
  const unique = (ids: number[]) => [...new Set(ids)];
  if (input.client_ids) {
    await tx.delete(modificationClients).where(eq(modificationClients.modificationId, id));
    const ids = unique(input.client_ids);
    if (ids.length)
      await tx.insert(modificationClients).values(ids.map((clientId) => ({ modificationId: id, clientId })));
  }
  if (input.group_ids) {
    await tx.delete(modificationGroups).where(eq(modificationGroups.modificationId, id));
    const ids = unique(input.group_ids);
    if (ids.length)
      await tx.insert(modificationGroups).values(ids.map((groupId) => ({ modificationId: id, groupId })));
  }
  if (input.transportation_ids) {
    await tx.delete(modificationTransportations).where(eq(modificationTransportations.modificationId, id));
    const ids = unique(input.transportation_ids);
    if (ids.length) {
      await tx
        .insert(modificationTransportations)
        .values(ids.map((transportationId) => ({ modificationId: id, transportationId })));
    }
  }
}

const tierValues = (tier: TPriceTierUpdate) => ({
  ...(tier.quantity_from !== undefined && { quantityFrom: tier.quantity_from }),
  ...(tier.currency !== undefined && { currencyId: tier.currency }),
  ...(tier.small_wholesale !== undefined && { smallWholesale: tier.small_wholesale }),
  ...(tier.large_wholesale !== undefined && { largeWholesale: tier.large_wholesale }),
  ...(tier.available_small_wholesale !== undefined && {
    availableSmallWholesale: tier.available_small_wholesale,
  }),
  ...(tier.available_large_wholesale !== undefined && {
    availableLargeWholesale: tier.available_large_wholesale,
  }),
});

/** Names are unique per parent: a duplicate is the user's to fix, not a server error. */
async function uniqueName<T>(detail: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("bad_request", detail, { name: [detail] });
    throw error;
  }
}

/** Refuses to delete what order history points at: orders keep their positions (README, Catalogue). */
async function refuseIfOrdered(tx: Tx, where: SQL, detail: string): Promise<void> {
  const [row] = await tx
    .select({ id: orderPositions.id })
    .from(orderPositions)
    .innerJoin(modifications, eq(modifications.id, orderPositions.modificationId))
    .innerJoin(products, eq(products.id, modifications.productId))
    .where(where)
    .limit(1);
  if (row) throw conflict(detail);
}

/** Which modifications a bulk change names: by id, by product or by brand. */
function modificationsIn({
  brand,
  products: productIds,
  modifications: modificationIds,
}: {
  brand: number[];
  products: number[];
  modifications: number[];
}): SQL {
  const parts: SQL[] = [];
  if (modificationIds.length) parts.push(inArray(modifications.id, modificationIds));
  if (productIds.length) parts.push(inArray(modifications.productId, productIds));
  if (brand.length) {
    parts.push(
      inArray(
        modifications.productId,
        sql`(select ${products.id} from ${products} where ${inArray(products.brandId, brand)})`,
      ),
    );
  }
  return or(...parts) ?? sql`false`;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

export function createCatalogueService({ db }: { db: Db }) {
  return {
    async currencies(): Promise<TCurrency[]> {
      return db.select().from(currencies).orderBy(asc(currencies.name));
    },

    async nomenclature(): Promise<TNomenclature> {
      const [brandRows, productRows] = await Promise.all([
        db.select().from(brands).orderBy(asc(brands.name)),
        db.select().from(products).orderBy(asc(products.name)),
      ]);
      const byBrand = groupBy(productRows, (p) => p.brandId);
      return brandRows.map((b) => ({
        id: b.id,
        name: b.name,
        products: (byBrand.get(b.id) ?? []).map((p) => ({ id: p.id, name: p.name })),
      }));
    },

    // Brands

    async listBrands(q = ""): Promise<TBrand[]> {
      const term = searchTerm(q);
      const where = term
        ? or(
            ilike(brands.name, term),
            exists(
              db
                .select({ one: sql`1` })
                .from(products)
                .leftJoin(modifications, eq(modifications.productId, products.id))
                .where(
                  and(
                    eq(products.brandId, brands.id),
                    or(ilike(products.name, term), ilike(modifications.name, term)),
                  ),
                ),
            ),
          )
        : undefined;
      const rows = await db.select().from(brands).where(where).orderBy(asc(brands.name));
      return rows.map(toBrand);
    },

    async createBrand(input: TBrandInput): Promise<TBrand> {
      const [row] = await uniqueName("Брэнд с таким названием уже существует", () =>
        db
          .insert(brands)
          .values({ name: input.name, description: input.description ?? "" })
          .returning(),
      );
      return toBrand(row as typeof brands.$inferSelect);
    },

    async updateBrand(id: number, input: TBrandInput): Promise<TBrand> {
      const [row] = await uniqueName("Брэнд с таким названием уже существует", () =>
        db
          .update(brands)
          .set({
            name: input.name,
            ...(input.description !== undefined && { description: input.description }),
          })
          .where(eq(brands.id, id))
          .returning(),
      );
      if (!row) throw notFound("Брэнд не найден");
      return toBrand(row);
    },

    /** Deletes the brand with its products and modifications, unless any of them was ordered. */
    async deleteBrand(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, id)).for("update");
        if (!row) throw notFound("Брэнд не найден");
        await refuseIfOrdered(
          tx,
          eq(products.brandId, id),
          "Брэнд нельзя удалить: его модификации есть в заказах",
        );
        const productIds = sql`(select ${products.id} from ${products} where ${eq(products.brandId, id)})`;
        await tx.delete(modifications).where(inArray(modifications.productId, productIds));
        await tx.delete(products).where(eq(products.brandId, id));
        await tx.delete(brands).where(eq(brands.id, id));
      });
    },

    /** Marks every modification of the brand exclusive (or not) and sets its exclusive allocation. */
    async setBrandExclusives(input: TBrandExclusives): Promise<TUpdatedCount> {
      const { brand_id, exclusive, ratio, percent } = input;
      return db.transaction(async (tx) => {
        const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brand_id));
        if (!brand) throw notFound("Брэнд не найден");
        const inBrand = modificationsIn({ brand: [brand_id], products: [], modifications: [] });
        const updated = await tx
          .update(modifications)
          .set({ exclusive })
          .where(inBrand)
          .returning({ id: modifications.id });
        const ids = sql`(select ${modifications.id} from ${modifications} where ${inBrand})`;
        await tx.delete(exclusives).where(inArray(exclusives.modificationId, ids));
        if (exclusive) {
          await tx.execute(sql`insert into ${exclusives} (modification_id, quantity, ratio)
            select ${modifications.id}, floor(${modifications.quantity} * ${String(percent)}::numeric / 100), ${String(ratio)}::numeric
            from ${modifications} where ${inBrand}`);
        }
        return { updated: updated.length };
      });
    },

    // Products

    async listProducts(filter: { brand?: number; brandNames?: string }): Promise<TProduct[]> {
      const names = filter.brandNames
        ?.split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      const where = and(
        filter.brand !== undefined ? eq(products.brandId, filter.brand) : undefined,
        names?.length
          ? inArray(
              products.brandId,
              db.select({ id: brands.id }).from(brands).where(inArray(brands.name, names)),
            )
          : undefined,
      );
      const rows = await db.select().from(products).where(where).orderBy(asc(products.name));
      return rows.map(toProduct);
    },

    /** A product matches by its own name, its brand's, or one of its modifications'. */
    async searchProducts(q: string, brand?: number): Promise<TProduct[]> {
      const term = searchTerm(q);
      const where = and(
        brand !== undefined ? eq(products.brandId, brand) : undefined,
        term
          ? or(
              ilike(products.name, term),
              inArray(
                products.brandId,
                db.select({ id: brands.id }).from(brands).where(ilike(brands.name, term)),
              ),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(modifications)
                  .where(and(eq(modifications.productId, products.id), ilike(modifications.name, term))),
              ),
            )
          : undefined,
      );
      const rows = await db.select().from(products).where(where).orderBy(asc(products.name));
      return rows.map(toProduct);
    },

    async createProduct(input: TProductCreate): Promise<TProduct> {
      const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand));
      if (!brand) throw new AppError("bad_request", "Брэнд не найден", { brand: ["Брэнд не найден"] });
      const [row] = await uniqueName("Продукт с таким названием у брэнда уже есть", () =>
        db
          .insert(products)
          .values({ name: input.name, brandId: input.brand, description: input.description ?? "" })
          .returning(),
      );
      return toProduct(row as typeof products.$inferSelect);
    },

    async updateProduct(id: number, input: TProductUpdate): Promise<TProduct> {
      if (input.brand !== undefined) {
        const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand));
        if (!brand) throw new AppError("bad_request", "Брэнд не найден", { brand: ["Брэнд не найден"] });
      }
      const [row] = await uniqueName("Продукт с таким названием у брэнда уже есть", () =>
        db
          .update(products)
          .set({
            name: input.name,
            ...(input.brand !== undefined && { brandId: input.brand }),
            ...(input.description !== undefined && { description: input.description }),
          })
          .where(eq(products.id, id))
          .returning(),
      );
      if (!row) throw notFound("Продукт не найден");
      return toProduct(row);
    },

    async deleteProduct(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!row) throw notFound("Продукт не найден");
        await refuseIfOrdered(
          tx,
          eq(products.id, id),
          "Продукт нельзя удалить: его модификации есть в заказах",
        );
        await tx.delete(modifications).where(eq(modifications.productId, id));
        await tx.delete(products).where(eq(products.id, id));
      });
    },

    // Modifications

    async listModifications(product: number): Promise<TModification[]> {
      const rows = await db
        .select()
        .from(modifications)
        .where(eq(modifications.productId, product))
        .orderBy(asc(modifications.name));
      return expand(db, rows);
    },

    /** A modification matches by its own name, its product's or its brand's. */
    async searchModifications(q: string, product?: number): Promise<TModification[]> {
      const term = searchTerm(q);
      // Without a product and a search term this would be the whole catalogue: an empty answer instead.
      if (product === undefined && !term) return [];
      const rows = await db
        .select({ m: modifications })
        .from(modifications)
        .innerJoin(products, eq(products.id, modifications.productId))
        .innerJoin(brands, eq(brands.id, products.brandId))
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

    /**
     * One UPDATE: the row lock serialises concurrent deltas, so none is lost, and the condition refuses
     * a delta that would take stock below zero without changing anything.
     */
    async changeQuantity({ modification, delta }: TQuantityDelta): Promise<TModification> {
      return db.transaction(async (tx) => {
        const newQuantity = sql`${modifications.quantity} + ${delta}`;
        const [row] = await tx
          .update(modifications)
          .set({
            quantity: newQuantity,
            quantityAdded: sql`${modifications.quantityAdded} + ${delta}`,
            availableSmallWholesale: sql`case when ${newQuantity} < 1 then false else ${modifications.availableSmallWholesale} end`,
            availableLargeWholesale: sql`case when ${newQuantity} < 1 then false else ${modifications.availableLargeWholesale} end`,
          })
          .where(and(eq(modifications.id, modification), sql`${newQuantity} >= 0`))
          .returning({ id: modifications.id });
        if (!row) {
          const [exists] = await tx
            .select({ quantity: modifications.quantity })
            .from(modifications)
            .where(eq(modifications.id, modification));
          if (!exists) throw notFound("Модификация не найдена");
          throw conflict(
            `Остаток не может стать отрицательным: сейчас ${exists.quantity}, изменение ${delta}`,
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
        return tiers.find((t) => t.id === row?.id) as TPriceTier;
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
        return tiers.find((t) => t.id === id) as TPriceTier;
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

    async createAddition(input: TAdditionInput): Promise<TAddition> {
      const [mod] = await db
        .select({ id: modifications.id })
        .from(modifications)
        .where(eq(modifications.id, input.modification));
      if (!mod)
        throw new AppError("bad_request", "Модификация не найдена", {
          modification: ["Модификация не найдена"],
        });
      try {
        const [row] = await db
          .insert(additions)
          .values({
            modificationId: input.modification,
            description: input.description,
            smallWholesale: input.small_wholesale,
            largeWholesale: input.large_wholesale,
          })
          .returning();
        return toAddition(row as typeof additions.$inferSelect);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("У модификации уже есть дополнение");
        throw error;
      }
    },

    async updateAddition(id: number, input: TAdditionInput): Promise<TAddition> {
      try {
        const [row] = await db
          .update(additions)
          .set({
            modificationId: input.modification,
            description: input.description,
            smallWholesale: input.small_wholesale,
            largeWholesale: input.large_wholesale,
          })
          .where(eq(additions.id, id))
          .returning();
        if (!row) throw notFound("Дополнение не найдено");
        return toAddition(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("У модификации уже есть дополнение");
        throw error;
      }
    },

    async deleteAddition(id: number): Promise<void> {
      const rows = await db.delete(additions).where(eq(additions.id, id)).returning({ id: additions.id });
      if (rows.length === 0) throw notFound("Дополнение не найдено");
    },

    async updateExclusive(id: number, input: TExclusiveUpdate): Promise<TExclusive> {
      const [row] = await db
        .update(exclusives)
        .set({ quantity: input.quantity, ratio: input.ratio })
        .where(eq(exclusives.id, id))
        .returning();
      if (!row) throw notFound("Эксклюзив не найден");
      return toExclusive(row);
    },
  };
}
