import type { TProduct, TProductCreate, TProductUpdate } from "@wholesale/contract";
import { and, asc, eq, exists, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import { brands, modifications, products } from "../../db/schema/index.ts";
import { AppError, notFound, uniqueName } from "../../http/errors.ts";
import { refuseIfOrdered, searchTerm, toProduct } from "./catalogue-shared.ts";

/** The catalogue's products of a brand. */
export function createProductService({ db }: { db: Db }) {
  return {
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
      const row = firstRow(
        await uniqueName("Продукт с таким названием у брэнда уже есть", () =>
          db
            .insert(products)
            .values({ name: input.name, brandId: input.brand, description: input.description ?? "" })
            .returning(),
        ),
      );
      return toProduct(row);
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
  };
}
