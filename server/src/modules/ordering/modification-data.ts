import { and, eq, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import {
  additions,
  brands,
  currencies,
  exclusives,
  modifications,
  priceTiers,
  products,
} from "../../db/schema/index.ts";
import type { ClientContext } from "./client-context.ts";
import { type Pricing, pricingFor, type StoredTier } from "./price-list.ts";
import { type DayOrder, dayOrderColumn, dayOrderOf } from "./today-order.ts";
import { visibleTo } from "./visibility.ts";

/** One modification as the rules need it for one client. */
export type ModificationData = {
  id: number;
  name: string;
  specifications: string;
  productName: string;
  brandId: number;
  brandName: string;
  quantity: number;
  oneHandQuantity: number;
  /**
   * An exclusive modification's entry: `pool` units left for the bot to sell, `ratio` units per unit of the
   * brand's other goods. An exclusive modification without an entry has nothing to sell (pool 0). Null when
   * it is not exclusive.
   */
  exclusive: { id: number | null; pool: number; ratio: number } | null;
  addition: { description: string; small: number; large: number } | null;
  pricing: Pricing;
};

/**
 * The modification's row if this client sees it, its tiers, exclusive entry and addition along as JSON, so a tap
 * costs one round trip; callers add their own columns to the same statement.
 */
function selectModification<T extends SelectedFields>(
  db: Db | Tx,
  client: ClientContext,
  modificationId: number,
  extra: T,
) {
  return db
    .select({
      ...extra,
      id: modifications.id,
      name: modifications.name,
      specifications: modifications.specifications,
      productName: products.name,
      brandId: brands.id,
      brandName: brands.name,
      quantity: modifications.quantity,
      oneHandQuantity: modifications.oneHandQuantity,
      isExclusive: modifications.exclusive,
      small: modifications.availableSmallWholesale,
      large: modifications.availableLargeWholesale,
      tiers: sql<StoredTier[]>`(select coalesce(json_agg(json_build_object(
          'quantityFrom', ${priceTiers.quantityFrom}, 'currencyId', ${priceTiers.currencyId},
          'currencySign', ${currencies.sign}, 'smallWholesale', ${priceTiers.smallWholesale},
          'largeWholesale', ${priceTiers.largeWholesale},
          'availableSmallWholesale', ${priceTiers.availableSmallWholesale},
          'availableLargeWholesale', ${priceTiers.availableLargeWholesale})
          order by ${priceTiers.quantityFrom}, ${priceTiers.id}), '[]'::json)
        from ${priceTiers} join ${currencies} on ${currencies.id} = ${priceTiers.currencyId}
        where ${priceTiers.modificationId} = ${modifications.id})`,
      entry: sql<{ id: number; pool: number; ratio: number } | null>`(select json_build_object(
          'id', ${exclusives.id}, 'pool', ${exclusives.quantity}, 'ratio', ${exclusives.ratio})
        from ${exclusives} where ${exclusives.modificationId} = ${modifications.id}
        order by ${exclusives.id} limit 1)`,
      addition: sql<{ description: string; small: number; large: number } | null>`(select json_build_object(
          'description', ${additions.description}, 'small', ${additions.smallWholesale},
          'large', ${additions.largeWholesale})
        from ${additions} where ${additions.modificationId} = ${modifications.id} limit 1)`,
    })
    .from(modifications)
    .innerJoin(products, eq(products.id, modifications.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(modifications.id, modificationId), visibleTo(client)));
}

type ModificationRow = Awaited<ReturnType<typeof selectModification<Record<never, never>>>>[number];

function modificationDataOf(row: ModificationRow, client: ClientContext): ModificationData {
  const { tiers, entry, addition } = row;
  return {
    id: row.id,
    name: row.name,
    specifications: row.specifications,
    productName: row.productName,
    brandId: row.brandId,
    brandName: row.brandName,
    quantity: row.quantity,
    oneHandQuantity: row.oneHandQuantity,
    exclusive: row.isExclusive ? (entry ?? { id: null, pool: 0, ratio: 0 }) : null,
    addition: addition ?? null,
    pricing: pricingFor(
      tiers,
      { small: row.small, large: row.large },
      client,
      client.allPrices.includes(row.brandName),
    ),
  };
}

/** The modification if this client sees it (undefined otherwise), with its prices for the client. */
export async function loadModification(
  db: Db | Tx,
  client: ClientContext,
  modificationId: number,
): Promise<ModificationData | undefined> {
  const [row] = await selectModification(db, client, modificationId, {});
  return row && modificationDataOf(row, client);
}

/**
 * The modification (as loadModification) and the client's order of `day`, in one statement: what every
 * order tap and card reads. Undefined when the client does not see the modification.
 */
export async function loadModificationAndDay(
  db: Db | Tx,
  client: ClientContext,
  modificationId: number,
  day: string,
): Promise<{ modification: ModificationData; order: DayOrder } | undefined> {
  const [row] = await selectModification(db, client, modificationId, {
    dayOrder: dayOrderColumn(client.id, day),
  });
  return row && { modification: modificationDataOf(row, client), order: dayOrderOf(row.dayOrder) };
}
