import type {
  TBrand,
  TBrandExclusives,
  TBrandExclusivesState,
  TBrandInput,
  TCurrency,
  TNomenclature,
  TUpdatedCount,
} from "@wholesale/contract";
import { and, asc, eq, exists, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import { brands, currencies, exclusives, modifications, products } from "../../db/schema/index.ts";
import { notFound, uniqueName } from "../../http/errors.ts";
import { groupBy, modificationsIn, refuseIfOrdered, searchTerm, toBrand } from "./catalogue-shared.ts";

/** The catalogue's currencies, the nomenclature tree and brands, with their exclusivity. */
export function createBrandService({ db }: { db: Db }) {
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
      const row = firstRow(
        await uniqueName("Брэнд с таким названием уже существует", () =>
          db
            .insert(brands)
            .values({ name: input.name, description: input.description ?? "" })
            .returning(),
        ),
      );
      return toBrand(row);
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

    /** The brand's exclusivity as last set brand-wide: what the exclusivity dialog opens with. */
    async getBrandExclusives(id: number): Promise<TBrandExclusivesState> {
      const [row] = await db
        .select({
          exclusive: brands.exclusive,
          ratio: brands.exclusiveRatio,
          percent: brands.exclusivePercent,
        })
        .from(brands)
        .where(eq(brands.id, id));
      if (!row) throw notFound("Брэнд не найден");
      return { brand_id: id, ...row };
    },

    /** Marks every modification of the brand exclusive (or not) and sets its exclusive allocation. */
    async setBrandExclusives(input: TBrandExclusives): Promise<TUpdatedCount> {
      const { brand_id, exclusive, ratio, percent } = input;
      return db.transaction(async (tx) => {
        const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brand_id));
        if (!brand) throw notFound("Брэнд не найден");
        await tx
          .update(brands)
          .set({ exclusive, exclusiveRatio: ratio, exclusivePercent: percent })
          .where(eq(brands.id, brand_id));
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
  };
}
