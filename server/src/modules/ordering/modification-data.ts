import { sql } from "drizzle-orm";
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
import { valuesRow } from "../../db/values-row.ts";
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

/** A modification's row as modificationColumn reads it: its own columns, then what the rules make of them. */
type ModificationRow = Omit<ModificationData, "exclusive" | "addition" | "pricing"> & {
  isExclusive: boolean;
  small: boolean | null;
  large: boolean | null;
  tiers: StoredTier[];
  entry: { id: number; pool: number; ratio: number } | null;
  addition: ModificationData["addition"];
};

/**
 * The modification if this client sees it, with its tiers, exclusive entry and addition, as one JSON value (null
 * when hidden), so a tap costs one round trip and other columns can ride along. Spelt in SQL rather than built
 * column by column: every order tap and card reads it, and Drizzle's building of a select costs about 3 µs a
 * column. The main tables keep their own names, which visibleTo's condition refers to.
 */
const modificationColumn = (client: ClientContext, modificationId: number) =>
  sql<ModificationRow | null>`(select json_build_object('id', modifications.id, 'name', modifications.name,
      'specifications', modifications.specifications, 'productName', products.name, 'brandId', brands.id,
      'brandName', brands.name, 'quantity', modifications.quantity,
      'oneHandQuantity', modifications.one_hand_quantity, 'isExclusive', modifications.exclusive,
      'small', modifications.available_small_wholesale, 'large', modifications.available_large_wholesale,
      'tiers', coalesce((select json_agg(json_build_object('quantityFrom', t.quantity_from,
          'currencyId', t.currency_id, 'currencySign', cu.sign, 'smallWholesale', t.small_wholesale,
          'largeWholesale', t.large_wholesale, 'availableSmallWholesale', t.available_small_wholesale,
          'availableLargeWholesale', t.available_large_wholesale) order by t.quantity_from, t.id)
        from ${priceTiers} t join ${currencies} cu on cu.id = t.currency_id
        where t.modification_id = modifications.id), '[]'::json),
      'entry', (select json_build_object('id', e.id, 'pool', e.quantity, 'ratio', e.ratio)
        from ${exclusives} e where e.modification_id = modifications.id order by e.id limit 1),
      'addition', (select json_build_object('description', a.description, 'small', a.small_wholesale,
          'large', a.large_wholesale)
        from ${additions} a where a.modification_id = modifications.id limit 1))
    from ${modifications}
    join ${products} on products.id = modifications.product_id
    join ${brands} on brands.id = products.brand_id
    where modifications.id = ${modificationId} and ${visibleTo(client)})`;

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
  const { modification } = await valuesRow(db, { modification: modificationColumn(client, modificationId) });
  return modification ? modificationDataOf(modification, client) : undefined;
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
  const { modification, order } = await valuesRow(db, {
    modification: modificationColumn(client, modificationId),
    order: dayOrderColumn(client.id, day),
  });
  if (!modification) return undefined;
  return { modification: modificationDataOf(modification, client), order: dayOrderOf(order) };
}
