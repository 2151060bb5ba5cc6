import { and, asc, type Column, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { exclusives, modifications } from "../../db/schema/index.ts";

/**
 * Moves a modification's stock by `delta` (negative takes, positive returns) unless that would take it below
 * zero: one conditional UPDATE, so concurrent orders can never both spend the last units. As a WITH query, so
 * the statement that writes an order's position moves its stock in the same round trip: it holds the stock
 * after the move, or no row when refused.
 */
export const stockMove = (tx: Tx, modificationId: number, delta: number) =>
  tx.$with("stock_move").as(
    tx
      .update(modifications)
      .set({ quantity: sql`${modifications.quantity} + ${delta}` })
      .where(and(eq(modifications.id, modificationId), sql`${modifications.quantity} + ${delta} >= 0`))
      .returning({ quantity: modifications.quantity }),
  );

/** Below one unit a modification is sold at neither list: the rule staff's moves and the catalogue's checks share. */
export const soldOut = (quantity: SQL | Column) => sql`${quantity} < 1`;

/**
 * Staff's correction of a modification's stock (the catalogue's «+/-» field): the stock and the units added move
 * by `delta` in one conditional UPDATE (the row lock serialises concurrent corrections, so none is lost), refused
 * when it would take the stock below zero; a stock left below one unit turns both lists' availability off.
 * When refused: the stock as it stands, or null when there is no such modification.
 */
export async function correctStock(
  tx: Tx,
  modificationId: number,
  delta: number,
): Promise<{ ok: true } | { ok: false; quantity: number | null }> {
  const after = sql`${modifications.quantity} + ${delta}`;
  const [row] = await tx
    .update(modifications)
    .set({
      quantity: after,
      quantityAdded: sql`${modifications.quantityAdded} + ${delta}`,
      availableSmallWholesale: sql`case when ${soldOut(after)} then false else ${modifications.availableSmallWholesale} end`,
      availableLargeWholesale: sql`case when ${soldOut(after)} then false else ${modifications.availableLargeWholesale} end`,
    })
    .where(and(eq(modifications.id, modificationId), sql`${after} >= 0`))
    .returning({ id: modifications.id });
  if (row) return { ok: true };
  const [exists] = await tx
    .select({ quantity: modifications.quantity })
    .from(modifications)
    .where(eq(modifications.id, modificationId));
  return { ok: false, quantity: exists?.quantity ?? null };
}

/** The stock as it stands, for a refused move's message: never below zero. */
export async function stockNow(tx: Tx, modificationId: number): Promise<number> {
  const [row] = await tx
    .select({ quantity: modifications.quantity })
    .from(modifications)
    .where(eq(modifications.id, modificationId));
  return Math.max(0, row?.quantity ?? 0);
}

/** stockMove on its own: whether it moved and the stock after (or as it stands, when refused). */
export async function moveStock(tx: Tx, modificationId: number, delta: number) {
  const move = stockMove(tx, modificationId, delta);
  const [moved] = await tx.with(move).select().from(move);
  if (moved) return { ok: true as const, quantity: moved.quantity };
  return { ok: false as const, quantity: await stockNow(tx, modificationId) };
}

/** The same for an exclusive entry's pool: what the bot may still sell of an exclusive modification. */
export async function moveExclusivePool(tx: Tx, exclusiveId: number, delta: number) {
  const [moved] = await tx
    .update(exclusives)
    .set({ quantity: sql`${exclusives.quantity} + ${delta}` })
    .where(and(eq(exclusives.id, exclusiveId), sql`${exclusives.quantity} + ${delta} >= 0`))
    .returning({ quantity: exclusives.quantity });
  if (moved) return { ok: true as const, quantity: moved.quantity };
  const [row] = await tx
    .select({ quantity: exclusives.quantity })
    .from(exclusives)
    .where(eq(exclusives.id, exclusiveId));
  return { ok: false as const, quantity: Math.max(0, row?.quantity ?? 0) };
}

/** Returns units to an exclusive modification's first entry, if it still has one. */
export async function returnToExclusivePool(tx: Tx, modificationId: number, units: number) {
  await tx.execute(sql`update ${exclusives} set quantity = quantity + ${units}
    where id = (select min(id) from ${exclusives} where modification_id = ${modificationId})
    and exists (select 1 from ${modifications} where id = ${modificationId} and exclusive)`);
}

/**
 * Takes units from an exclusive modification's first entry (the one the bot sells from). Null when the
 * modification is not exclusive or has no entry: there is no pool to take from.
 */
export async function takeFromExclusivePool(tx: Tx, modificationId: number, units: number) {
  const [entry] = await tx
    .select({ id: exclusives.id })
    .from(exclusives)
    .innerJoin(modifications, eq(modifications.id, exclusives.modificationId))
    .where(and(eq(exclusives.modificationId, modificationId), eq(modifications.exclusive, true)))
    .orderBy(asc(exclusives.id))
    .limit(1);
  return entry ? moveExclusivePool(tx, entry.id, -units) : null;
}
