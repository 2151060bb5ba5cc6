import { stockState } from "@wholesale/contract";
import { and, asc, countDistinct, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { withProductAndBrand } from "../../../db/catalogue-path.ts";
import type { Db } from "../../../db/client.ts";
import { containsPattern } from "../../../db/like.ts";
import { brands, currencies, modifications, priceTiers, products } from "../../../db/schema/index.ts";
import { soldOut } from "../../stock/index.ts";
import type { ClientContext } from "../rules/client.ts";
import {
  availabilityShown,
  minimumQuantity,
  priceForQuantity,
  pricingFor,
  type StoredTier,
} from "../rules/price-list.ts";
import type {
  BrandItem,
  CatalogueItem,
  CatalogueQuery,
  ModificationItem,
  Page,
  ProductItem,
} from "../types.ts";
import { audienceOf, visibleTo } from "./visibility.ts";

/** Items per page: what fits as buttons in one Telegram message. */
export const PAGE_SIZE = 8;

/** Rows per page of the Mini App's scrolled list: a screenful many times over, one round trip each. */
export const CATALOGUE_PAGE_SIZE = 100;

function pageOf(page: number, total: number, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { page: current, pages, offset: (current - 1) * size };
}

/** The catalogue tree joined and narrowed to what the client sees, plus `where`. */
function visibleTree(client: ClientContext, where?: SQL) {
  return and(visibleTo(audienceOf(client)), where);
}

/** How many distinct `column` values (brands, products, modifications) the joined catalogue holds under `where`. */
async function countIn(db: Db, column: AnyPgColumn, where: SQL | undefined): Promise<number> {
  const [total] = await withProductAndBrand(
    db
      .select({ n: countDistinct(column) })
      .from(modifications)
      .$dynamic(),
  ).where(where);
  return total?.n ?? 0;
}

/** Brands with at least one modification this client sees, by name; `size` per page (the bot's by default). */
export async function listBrands(
  db: Db,
  client: ClientContext,
  page: number,
  size = PAGE_SIZE,
): Promise<Page<BrandItem>> {
  const where = visibleTree(client);
  const total = await countIn(db, brands.id, where);
  const p = pageOf(page, total, size);
  const items = await withProductAndBrand(
    db.selectDistinct({ id: brands.id, name: brands.name }).from(modifications).$dynamic(),
  )
    .where(where)
    .orderBy(asc(brands.name), asc(brands.id))
    .limit(size)
    .offset(p.offset);
  return { items, page: p.page, pages: p.pages };
}

/** Brands as chips: far more than a catalogue holds, so one page is all of them. */
const ALL_BRANDS = 1000;

/** Every brand this client sees, for the Mini App's chips (the order's catalogue and the list's alike). */
export async function allBrands(db: Db, client: ClientContext): Promise<BrandItem[]> {
  return (await listBrands(db, client, 1, ALL_BRANDS)).items;
}

/** A brand's products with at least one modification this client sees, by name. */
export async function listProducts(
  db: Db,
  client: ClientContext,
  brandId: number,
  page: number,
): Promise<Page<ProductItem>> {
  const where = visibleTree(client, eq(products.brandId, brandId));
  const total = await countIn(db, products.id, where);
  const p = pageOf(page, total);
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

/** A modification as the bot's list and the Mini App's catalogue show it, with its product and brand. */
const listedModification = {
  id: modifications.id,
  name: modifications.name,
  productId: products.id,
  brandId: products.brandId,
  productName: products.name,
  brandName: brands.name,
  quantity: modifications.quantity,
};

/**
 * The order of every list of modifications: those in stock first, then the sold-out ones (still shown, «нет в
 * наличии», visibility.ts), each by brand, product and name.
 */
const listOrder = [
  asc(soldOut(modifications.quantity)),
  asc(brands.name),
  asc(products.name),
  asc(modifications.name),
  asc(modifications.id),
];

async function modificationPage(db: Db, client: ClientContext, filter: SQL | undefined, page: number) {
  const where = visibleTree(client, filter);
  const total = await countIn(db, modifications.id, where);
  const p = pageOf(page, total);
  const rows = await withProductAndBrand(db.select(listedModification).from(modifications).$dynamic())
    .where(where)
    .orderBy(...listOrder)
    .limit(PAGE_SIZE)
    .offset(p.offset);
  const items: ModificationItem[] = rows.map(({ quantity, ...r }) => ({ ...r, stock: stockState(quantity) }));
  return { items, page: p.page, pages: p.pages };
}

/** A product's modifications this client sees, in stock first, by name. */
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
 * (case-insensitive), in stock first (listOrder). Fewer than 2 characters find nothing, as the back-office's search.
 */
export async function searchModifications(
  db: Db,
  client: ClientContext,
  text: string,
  page: number,
): Promise<Page<ModificationItem>> {
  const matches = searchFilter(text);
  if (!matches) return { items: [], page: 1, pages: 1 };
  return modificationPage(db, client, matches, page);
}

/** Every typed word in the name, specifications, product or brand; null for fewer than 2 characters. */
function searchFilter(text: string): SQL | null {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.join(" ").length < 2) return null;
  const matches = words.map((word) => {
    const like = containsPattern(word);
    return or(
      ilike(modifications.name, like),
      ilike(modifications.specifications, like),
      ilike(products.name, like),
      ilike(brands.name, like),
    );
  });
  return and(...matches) ?? null;
}

/**
 * The Mini App's list: the modifications this client sees (of one brand, matching a search, or all), in stock
 * first, each part by brand, product and name, each with the price of its smallest sold quantity for this client (null without prices),
 * priced by the same pricingFor as the card and every add. Pages of CATALOGUE_PAGE_SIZE.
 */
export async function catalogueItems(
  db: Db,
  client: ClientContext,
  query: CatalogueQuery,
  page: number,
): Promise<Page<CatalogueItem>> {
  const typed = query.text?.trim() ? searchFilter(query.text) : undefined;
  if (typed === null) return { items: [], page: 1, pages: 1 };
  const where = visibleTree(
    client,
    and(typed, query.brandId === undefined ? undefined : eq(products.brandId, query.brandId)),
  );
  const total = await countIn(db, modifications.id, where);
  const p = pageOf(page, total, CATALOGUE_PAGE_SIZE);
  const rows = await withProductAndBrand(
    db
      .select({
        ...listedModification,
        small: modifications.availableSmallWholesale,
        large: modifications.availableLargeWholesale,
        tiers: sql<StoredTier[]>`coalesce((select json_agg(json_build_object('quantityFrom', t.quantity_from,
          'currencyId', t.currency_id, 'currencySign', cu.sign, 'smallWholesale', t.small_wholesale,
          'largeWholesale', t.large_wholesale, 'availableSmallWholesale', t.available_small_wholesale,
          'availableLargeWholesale', t.available_large_wholesale) order by t.quantity_from, t.id)
        from ${priceTiers} t join ${currencies} cu on cu.id = t.currency_id
        where t.modification_id = ${modifications.id}), '[]'::json)`,
      })
      .from(modifications)
      .$dynamic(),
  )
    .where(where)
    .orderBy(...listOrder)
    .limit(CATALOGUE_PAGE_SIZE)
    .offset(p.offset);
  const items = rows.map(({ quantity, small, large, tiers, ...r }): CatalogueItem => {
    const availability = availabilityShown({ small, large }, quantity, tiers);
    const pricing = pricingFor(tiers, availability, client, client.allPrices.includes(r.brandName));
    const from = minimumQuantity(pricing);
    const tier = from === null ? null : priceForQuantity(pricing, from);
    return {
      ...r,
      stock: stockState(quantity),
      fromQuantity: tier ? from : null,
      price: tier && client.showPrices ? tier.price : null,
      currencySign: tier?.currencySign ?? pricing.shown[0]?.currencySign ?? "",
    };
  });
  return { items, page: p.page, pages: p.pages };
}
