import { positionName } from "@wholesale/contract";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { fixedStatement, type Placeholders } from "../../../db/fixed-statement.ts";
import {
  additions,
  brands,
  currencies,
  exclusives,
  modifications,
  priceTiers,
  products,
} from "../../../db/schema/index.ts";
import type { ClientContext } from "../rules/client.ts";
import type { DayOrder, ModificationData, ModificationStatic } from "../rules/kept-rows.ts";
import { viewOf } from "../rules/modification-view.ts";
import { availabilityShown, pricingFor } from "../rules/price-list.ts";
import type { ModificationView } from "../types.ts";
import { changesColumn } from "./order-rate.ts";
import { cachesOf } from "./ordering-cache.ts";
import { dayOrderColumn, dayOrderOf, type StoredDayOrder } from "./today-order.ts";
import { audienceOf, restrictedAudience, visibleTo } from "./visibility.ts";

const readStatic = fixedStatement<{ modificationId: number }, ModificationStatic | null>(
  (v) => sql`select (select json_build_object('id', m.id, 'name', m.name, 'specifications', m.specifications,
      'productName', p.name, 'brandId', b.id, 'brandName', b.name, 'oneHandQuantity', m.one_hand_quantity,
      'isExclusive', m.exclusive, 'small', m.available_small_wholesale, 'large', m.available_large_wholesale,
      'tiers', coalesce((select json_agg(json_build_object('quantityFrom', t.quantity_from,
          'currencyId', t.currency_id, 'currencySign', cu.sign, 'smallWholesale', t.small_wholesale,
          'largeWholesale', t.large_wholesale, 'availableSmallWholesale', t.available_small_wholesale,
          'availableLargeWholesale', t.available_large_wholesale) order by t.quantity_from, t.id)
        from ${priceTiers} t join ${currencies} cu on cu.id = t.currency_id
        where t.modification_id = m.id), '[]'::json),
      'entry', (select json_build_object('id', e.id, 'ratio', e.ratio)
        from ${exclusives} e where e.modification_id = m.id order by e.id limit 1),
      'addition', (select json_build_object('description', a.description, 'small', a.small_wholesale,
          'large', a.large_wholesale)
        from ${additions} a where a.modification_id = m.id limit 1),
      'restricted', ${restrictedAudience(sql`m.id`)})
    from ${modifications} m
    join ${products} p on p.id = m.product_id
    join ${brands} b on b.id = p.brand_id
    where m.id = ${v.modificationId}::int) as r`,
);

/** The name a position of the modification gets (contract's positionName: brand, product, modification). */
export const nameOfKept = (m: ModificationStatic): string =>
  positionName({ brand: m.brandName, product: m.productName, modification: m.name });

export const staticOf = (db: Db | Tx, modificationId: number) =>
  cachesOf(db).modifications.get(modificationId, () => readStatic.run(db, { modificationId }));

/** What a tap reads of the database itself: what every order changes, and whether the client sees it at all. */
export type TapRow = {
  /** The stock; null when the client does not see the modification (or it is gone). */
  stock: number | null;
  /** The exclusive entry's pool, when the modification has one. */
  pool: number | null;
  order: StoredDayOrder | null;
  /** The client's count of changes (order-rate.ts): what an add judged on this may write against. */
  changes: number;
};

export type TapValues = ReturnType<typeof audienceOf> & { modificationId: number; day: string };

/**
 * The modification's stock if this client sees it (visibleTo, the main tables under their own names), its
 * exclusive pool, the client's order of the day with its positions and the client's count of changes, all from
 * one snapshot: the columns of a card's or a quote's one round trip, and of an add's refused try.
 */
export const tapColumns = (v: Placeholders<TapValues>) => sql`json_build_object(
    'stock', (select ${modifications.quantity} from ${modifications}
      join ${products} on ${products.id} = ${modifications.productId}
      join ${brands} on ${brands.id} = ${products.brandId}
      where ${modifications.id} = ${v.modificationId}::int and ${visibleTo(v)}),
    'pool', (select e.quantity from ${exclusives} e where e.modification_id = ${v.modificationId}::int
      order by e.id limit 1),
    'order', ${dayOrderColumn(v.clientId, v.day)},
    'changes', ${changesColumn(v.clientId)})`;

const readTap = fixedStatement<TapValues, TapRow>((v) => sql`select ${tapColumns(v)} as r`);

/**
 * The modification for one client from its static part and what a statement read of its stock and exclusive
 * pool (an add judges with both unknown, Infinity, and its write decides: add-position.ts).
 */
export function modificationDataOf(
  row: ModificationStatic,
  stock: number,
  pool: number | null,
  client: ClientContext,
): ModificationData {
  const { tiers, entry, addition } = row;
  return {
    id: row.id,
    name: row.name,
    specifications: row.specifications,
    productName: row.productName,
    brandId: row.brandId,
    brandName: row.brandName,
    quantity: stock,
    oneHandQuantity: row.oneHandQuantity,
    exclusive: row.isExclusive
      ? entry
        ? { id: entry.id, pool: pool ?? 0, ratio: entry.ratio }
        : { id: null, pool: 0, ratio: 0 }
      : null,
    addition: addition ?? null,
    pricing: pricingFor(
      tiers,
      availabilityShown({ small: row.small, large: row.large }, stock, tiers),
      client,
      client.allPrices.includes(row.brandName),
    ),
  };
}

/**
 * The modification as the client may order it now (undefined when the client does not see it), the client's
 * order of the day, and the client's count of changes read with them.
 */
export type ModificationAndDay = { modification?: ModificationData; order: DayOrder; changes: number };

/**
 * The modification if this client sees it, with its prices for the client, and the client's order of `day`:
 * what every card and quote reads, in one round trip (readTap; the modification's static part is kept in
 * memory, read beside it in parallel when it is not). The day's order read is kept for the client's next add.
 */
export async function loadModificationAndDay(
  db: Db | Tx,
  client: ClientContext,
  modificationId: number,
  day: string,
): Promise<ModificationAndDay> {
  const [read, kept] = await Promise.all([
    readTap.run(db, { ...audienceOf(client), modificationId, day }),
    staticOf(db, modificationId),
  ]);
  return tapReadOf(db, client, day, read, kept);
}

/** A tap's reading as the rules take it; its day's order is kept for the client's next add. */
export function tapReadOf(
  db: Db | Tx,
  client: ClientContext,
  day: string,
  read: TapRow,
  kept: ModificationStatic | null,
): ModificationAndDay {
  const order = dayOrderOf(read.order);
  cachesOf(db).days.set(client.id, { day, order, changes: read.changes });
  const seen = read.stock !== null && kept;
  return {
    ...(seen ? { modification: modificationDataOf(kept, read.stock ?? 0, read.pool, client) } : {}),
    order,
    changes: read.changes,
  };
}

/** The modification alone (as loadModificationAndDay), for a change of a position already read. */
export async function loadModification(
  db: Db | Tx,
  client: ClientContext,
  modificationId: number,
  day: string,
): Promise<ModificationData | undefined> {
  return (await loadModificationAndDay(db, client, modificationId, day)).modification;
}

/** One modification as this client sees it, with how many units the client may still order today. */
export async function modificationView(
  db: Db | Tx,
  client: ClientContext,
  modificationId: number,
  day: string,
): Promise<ModificationView | null> {
  const { modification, order } = await loadModificationAndDay(db, client, modificationId, day);
  return modification ? viewOf(client, modification, order.positions) : null;
}
