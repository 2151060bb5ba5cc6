// Helpers shared by the catalogue services: row shapes, search terms, restrictions, refusals.
import type {
  TAddition,
  TBrand,
  TExclusive,
  TModification,
  TModificationUpdate,
  TPriceTier,
  TPriceTierUpdate,
  TProduct,
} from "@wholesale/contract";
import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import { containsPattern } from "../../db/like.ts";
import { readAll } from "../../db/read-all.ts";
import {
  additions,
  type brands,
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
import { conflict, notFound } from "../../http/errors.ts";
import { countWaiting } from "../stock-waits/index.ts";

export type ModificationRow = typeof modifications.$inferSelect;

/** Search starts at 2 characters; below that the full list is shown (spec 5). */
export const SEARCH_MIN_LENGTH = 2;
/** A search across every product answers at most this many modifications. */
export const SEARCH_LIMIT = 500;

export const searchTerm = (q: string) => {
  const term = q.trim();
  return term.length >= SEARCH_MIN_LENGTH ? containsPattern(term) : undefined;
};

export const toBrand = (row: typeof brands.$inferSelect): TBrand => ({
  id: row.id,
  name: row.name,
  description: row.description,
});
export const toProduct = (row: typeof products.$inferSelect): TProduct => ({
  id: row.id,
  name: row.name,
  brand: row.brandId,
  description: row.description,
});
export const toAddition = (row: typeof additions.$inferSelect): TAddition => ({
  id: row.id,
  description: row.description,
  small_wholesale: row.smallWholesale,
  large_wholesale: row.largeWholesale,
  modification: row.modificationId,
});
export const toExclusive = (row: typeof exclusives.$inferSelect): TExclusive => ({
  id: row.id,
  modification: row.modificationId,
  quantity: row.quantity,
  ratio: row.ratio,
});

export async function tiersOf(tx: Db | Tx, ids: number[]): Promise<TPriceTier[]> {
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

export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
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
export async function expand(tx: Db | Tx, rows: ModificationRow[]): Promise<TModification[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [tiers, clientRows, groupRows, transportationRows, additionRows, exclusiveRows, waiting] =
    await readAll(tx, [
      () => tiersOf(tx, ids),
      () => tx.select().from(modificationClients).where(inArray(modificationClients.modificationId, ids)),
      () => tx.select().from(modificationGroups).where(inArray(modificationGroups.modificationId, ids)),
      () =>
        tx
          .select()
          .from(modificationTransportations)
          .where(inArray(modificationTransportations.modificationId, ids)),
      () => tx.select().from(additions).where(inArray(additions.modificationId, ids)),
      () =>
        tx
          .select()
          .from(exclusives)
          .where(inArray(exclusives.modificationId, ids))
          .orderBy(asc(exclusives.id)),
      () => countWaiting(tx, ids),
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
      waiting: waiting.get(row.id) ?? 0,
    };
  });
}

export async function getModification(tx: Db | Tx, id: number): Promise<TModification> {
  const [row] = await tx.select().from(modifications).where(eq(modifications.id, id));
  if (!row) throw notFound("Модификация не найдена");
  return firstRow(await expand(tx, [row]));
}

/** Replaces the "available to clients" restrictions that the input names. */
export async function setRestrictions(
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

export const tierValues = (tier: TPriceTierUpdate) => ({
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

/** Refuses to delete what order history points at: orders keep their positions (docs/back-office.md, «Catalogue»). */
export async function refuseIfOrdered(tx: Tx, where: SQL, detail: string): Promise<void> {
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
export function modificationsIn({
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
