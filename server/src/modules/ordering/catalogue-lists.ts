import { and, asc, countDistinct, eq, ilike, or, type SQL } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import { brands, modifications, products } from "../../db/schema/index.ts";
import { stockState } from "../stock/index.ts";
import type { ClientContext } from "./client-context.ts";
import type { BrandItem, ModificationItem, Page, ProductItem } from "./types.ts";
import { visibleTo } from "./visibility.ts";

/** Items per page: what fits as buttons in one Telegram message. */
export const PAGE_SIZE = 8;

function pageOf(page: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { page: current, pages, offset: (current - 1) * PAGE_SIZE };
}

/** The catalogue tree joined and narrowed to what the client sees, plus `where`. */
function visibleTree(client: ClientContext, where?: SQL) {
  return and(visibleTo(client), where);
}

/** Brands with at least one modification this client sees, by name. */
export async function listBrands(db: Db, client: ClientContext, page: number): Promise<Page<BrandItem>> {
  const where = visibleTree(client);
  const [total] = await withProductAndBrand(
    db
      .select({ n: countDistinct(brands.id) })
      .from(modifications)
      .$dynamic(),
  ).where(where);
  const p = pageOf(page, total?.n ?? 0);
  const items = await withProductAndBrand(
    db.selectDistinct({ id: brands.id, name: brands.name }).from(modifications).$dynamic(),
  )
    .where(where)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(PAGE_SIZE)
    .offset(p.offset);
  return { items, page: p.page, pages: p.pages };
}

/** A brand's products with at least one modification this client sees, by name. */
export async function listProducts(
  db: Db,
  client: ClientContext,
  brandId: number,
  page: number,
): Promise<Page<ProductItem>> {
  const where = visibleTree(client, eq(products.brandId, brandId));
  const [total] = await withProductAndBrand(
    db
      .select({ n: countDistinct(products.id) })
      .from(modifications)
      .$dynamic(),
  ).where(where);
  const p = pageOf(page, total?.n ?? 0);
  const items = await withProductAndBrand(
    db
      .selectDistinct({ id: products.id, name: products.name, brandId: products.brandId })
      .from(modifications)
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(PAGE_SIZE)
    .offset(p.offset);
  return { items, page: p.page, pages: p.pages };
}

async function modificationPage(db: Db, client: ClientContext, filter: SQL | undefined, page: number) {
  const where = visibleTree(client, filter);
  const [total] = await withProductAndBrand(
    db
      .select({ n: countDistinct(modifications.id) })
      .from(modifications)
      .$dynamic(),
  ).where(where);
  const p = pageOf(page, total?.n ?? 0);
  const rows = await withProductAndBrand(
    db
      .select({
        id: modifications.id,
        name: modifications.name,
        productId: products.id,
        brandId: products.brandId,
        productName: products.name,
        brandName: brands.name,
        quantity: modifications.quantity,
      })
      .from(modifications)
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(brands.name), asc(products.name), asc(modifications.name), asc(modifications.id))
    .limit(PAGE_SIZE)
    .offset(p.offset);
  const items: ModificationItem[] = rows.map(({ quantity, ...r }) => ({ ...r, stock: stockState(quantity) }));
  return { items, page: p.page, pages: p.pages };
}

/** A product's modifications this client sees, by name. */
export function listModifications(
  db: Db,
  client: ClientContext,
  productId: number,
  page: number,
): Promise<Page<ModificationItem>> {
  return modificationPage(db, client, eq(modifications.productId, productId), page);
}

/**
 * Modifications this client sees whose name, specifications, product or brand contains every typed word
 * (case-insensitive). Fewer than 2 characters find nothing, as the back-office's search.
 */
export async function searchModifications(
  db: Db,
  client: ClientContext,
  text: string,
  page: number,
): Promise<Page<ModificationItem>> {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.join(" ").length < 2) return { items: [], page: 1, pages: 1 };
  const matches = words.map((word) => {
    const like = containsPattern(word);
    return or(
      ilike(modifications.name, like),
      ilike(modifications.specifications, like),
      ilike(products.name, like),
      ilike(brands.name, like),
    );
  });
  return modificationPage(db, client, and(...matches), page);
}
