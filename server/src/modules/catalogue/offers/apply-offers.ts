import type { TOffersImportResult } from "@wholesale/contract";
import { asc, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../../../db/client.ts";
import { brands, modifications, priceTiers, products } from "../../../db/schema/index.ts";
import { findWaitingClients } from "../../stock-waits/index.ts";
import { enforceAvailability } from "../availability.ts";
import { keyOf, type Offer, type TierRow } from "./offer.ts";

// Statements stay well under PostgreSQL's 65 535 bind parameters.
export const CHUNK = 1000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Rows whose (id, name) pair is one of `pairs`: a semi-join against the pairs' list, which the unique index on
 * the two columns answers row by row (matching each column against its own list would try every combination).
 */
const pairIn = (id: AnyPgColumn, name: AnyPgColumn, pairs: [number, string][]) =>
  sql`(${id}, ${name}) in (values ${sql.join(
    pairs.map(([a, b]) => sql`(${a}::int, ${b}::text)`),
    sql`, `,
  )})`;

const sameTiers = (a: TierRow[], b: TierRow[]) =>
  a.length === b.length &&
  a.every((t, i) => {
    const o = b[i] as TierRow;
    return (
      t.quantityFrom === o.quantityFrom &&
      t.currencyId === o.currencyId &&
      t.small === o.small &&
      t.large === o.large
    );
  });

/** Creates the brands and products the offers name that are missing; answers each offer's product id. */
async function ensureProducts(tx: Tx, offers: Offer[]): Promise<(offer: Offer) => number> {
  const brandNames = [...new Set(offers.map((o) => o.brand))];
  for (const part of chunks(brandNames)) {
    await tx
      .insert(brands)
      .values(part.map((name) => ({ name })))
      .onConflictDoNothing();
  }
  const brandIds = new Map<string, number>();
  for (const part of chunks(brandNames)) {
    for (const b of await tx
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(inArray(brands.name, part))) {
      brandIds.set(b.name, b.id);
    }
  }

  const productKeys = new Map<string, { brandId: number; name: string }>();
  for (const o of offers) {
    const brandId = brandIds.get(o.brand) as number;
    productKeys.set(keyOf(String(brandId), o.product), { brandId, name: o.product });
  }
  for (const part of chunks([...productKeys.values()])) {
    await tx.insert(products).values(part).onConflictDoNothing();
  }
  // Only the rows the batch names are read, not every product of its brands or modification of its products
  // (each batch would read them all again, and each batch more of them).
  const productIds = new Map<string, number>();
  for (const part of chunks([...productKeys.values()])) {
    for (const p of await tx
      .select({ id: products.id, brandId: products.brandId, name: products.name })
      .from(products)
      .where(
        pairIn(
          products.brandId,
          products.name,
          part.map((p) => [p.brandId, p.name]),
        ),
      )) {
      productIds.set(keyOf(String(p.brandId), p.name), p.id);
    }
  }
  return (offer: Offer) => productIds.get(keyOf(String(brandIds.get(offer.brand)), offer.product)) as number;
}

type Stored = { modification: typeof modifications.$inferSelect; tiers: TierRow[] };

/** The stored modifications the offers name, keyed by product id and name, each with its tiers in order. */
async function readStored(
  tx: Tx,
  offers: Offer[],
  productOf: (offer: Offer) => number,
): Promise<Map<string, Stored>> {
  const existing = new Map<string, typeof modifications.$inferSelect>();
  for (const part of chunks(offers)) {
    for (const m of await tx
      .select()
      .from(modifications)
      .where(
        pairIn(
          modifications.productId,
          modifications.name,
          part.map((o) => [productOf(o), o.modification]),
        ),
      )) {
      existing.set(keyOf(String(m.productId), m.name), m);
    }
  }
  const tiersByModification = new Map<number, TierRow[]>();
  for (const part of chunks([...existing.values()].map((m) => m.id))) {
    const rows = await tx
      .select()
      .from(priceTiers)
      .where(inArray(priceTiers.modificationId, part))
      .orderBy(asc(priceTiers.quantityFrom), asc(priceTiers.id));
    for (const t of rows) {
      const list = tiersByModification.get(t.modificationId) ?? [];
      list.push({
        quantityFrom: t.quantityFrom,
        small: t.smallWholesale,
        large: t.largeWholesale,
        currencyId: t.currencyId,
      });
      tiersByModification.set(t.modificationId, list);
    }
  }
  return new Map(
    [...existing].map(([key, m]) => [key, { modification: m, tiers: tiersByModification.get(m.id) ?? [] }]),
  );
}

type Plan = {
  toCreate: { offer: Offer; productId: number }[];
  quantityChanges: { id: number; quantity: number }[];
  /** Modifications out of stock that the offers bring back: clients may be waiting for them. */
  restocked: number[];
  tierReplacements: { id: number; tiers: TierRow[] }[];
  unchanged: number;
};

/** What the offers change against what is stored: modifications to create, stock to set, tiers to replace. */
function planChanges(
  offers: Offer[],
  productOf: (offer: Offer) => number,
  stored: Map<string, Stored>,
): Plan {
  const plan: Plan = { toCreate: [], quantityChanges: [], restocked: [], tierReplacements: [], unchanged: 0 };
  for (const offer of offers) {
    const productId = productOf(offer);
    const current = stored.get(keyOf(String(productId), offer.modification));
    if (!current) {
      plan.toCreate.push({ offer, productId });
      continue;
    }
    const { id, quantity } = current.modification;
    const quantityDiffers = quantity !== offer.quantity;
    const tiersDiffer = !sameTiers(current.tiers, offer.tiers);
    if (quantityDiffers) plan.quantityChanges.push({ id, quantity: offer.quantity });
    if (quantity <= 0 && offer.quantity > 0) plan.restocked.push(id);
    if (tiersDiffer) plan.tierReplacements.push({ id, tiers: offer.tiers });
    if (!quantityDiffers && !tiersDiffer) plan.unchanged++;
  }
  return plan;
}

const sellable = (tiers: TierRow[], kind: "small" | "large") => tiers.some((t) => t[kind] !== 1);

/** Writes a plan, availability following; answers the modifications it created, with their tiers. */
async function writePlan(
  tx: Tx,
  { toCreate, quantityChanges, tierReplacements }: Plan,
): Promise<{ id: number; tiers: TierRow[] }[]> {
  const created: { id: number; tiers: TierRow[] }[] = [];
  for (const part of chunks(toCreate)) {
    const rows = await tx
      .insert(modifications)
      .values(
        part.map(({ offer, productId }) => ({
          productId,
          name: offer.modification,
          quantity: offer.quantity,
          quantityOnStart: offer.quantity,
          available: offer.quantity > 0,
          // Spec 5: a wholesale type is available only where its price is not 1.
          availableSmallWholesale: sellable(offer.tiers, "small"),
          availableLargeWholesale: sellable(offer.tiers, "large"),
        })),
      )
      .returning({ id: modifications.id });
    for (const [i, row] of rows.entries()) {
      created.push({ id: row.id, tiers: (part[i] as (typeof part)[number]).offer.tiers });
    }
  }

  for (const part of chunks(quantityChanges)) {
    const values = sql.join(
      part.map((c) => sql`(${c.id}::int, ${c.quantity}::int)`),
      sql`, `,
    );
    // Setting stock from the file counts as a change of stock: the difference goes to quantity_added.
    await tx.execute(sql`update ${modifications} set
      quantity = v.quantity,
      quantity_added = ${modifications.quantityAdded} + (v.quantity - ${modifications.quantity})
      from (values ${values}) as v(id, quantity) where ${modifications.id} = v.id`);
  }

  for (const part of chunks(tierReplacements.map((r) => r.id))) {
    await tx.delete(priceTiers).where(inArray(priceTiers.modificationId, part));
  }
  const newTiers = [...created, ...tierReplacements].flatMap(({ id, tiers }) =>
    tiers.map((t) => ({
      modificationId: id,
      currencyId: t.currencyId,
      quantityFrom: t.quantityFrom,
      smallWholesale: t.small,
      largeWholesale: t.large,
      availableSmallWholesale: t.small !== 1,
      availableLargeWholesale: t.large !== 1,
    })),
  );
  for (const part of chunks(newTiers)) await tx.insert(priceTiers).values(part);

  const touched = [
    ...created.map((c) => c.id),
    ...quantityChanges.map((c) => c.id),
    ...tierReplacements.map((r) => r.id),
  ];
  for (const part of chunks([...new Set(touched)])) {
    await enforceAvailability(tx, inArray(modifications.id, part));
  }
  return created;
}

/**
 * Creates what is missing and updates what differs, for the offers given, in the caller's transaction; with
 * the counts, the clients waiting for a modification the offers brought back in stock (read before the
 * transaction commits, so before any of them is told).
 */
export async function applyOffers(
  tx: Tx,
  offers: Offer[],
): Promise<{ counts: Omit<TOffersImportResult, "clients_to_tell">; waitingClients: number[] }> {
  const productOf = await ensureProducts(tx, offers);
  const plan = planChanges(offers, productOf, await readStored(tx, offers, productOf));
  const created = await writePlan(tx, plan);
  return {
    counts: {
      rows: offers.reduce((n, o) => n + o.tiers.length, 0),
      created: created.length,
      updated: offers.length - created.length - plan.unchanged,
      unchanged: plan.unchanged,
    },
    waitingClients: await findWaitingClients(tx, plan.restocked),
  };
}
