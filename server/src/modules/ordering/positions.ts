import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { orderPositions, orders } from "../../db/schema/index.ts";
import type { ClientContext } from "./client-context.ts";
import { type Check, checkPosition } from "./limits.ts";
import { limitRefusal, TEXT } from "./messages.ts";
import { loadModification, type ModificationData } from "./modification-data.ts";
import { minimumQuantity, priceForQuantity } from "./price-list.ts";
import { moveExclusivePool, moveStock, returnToExclusivePool } from "./stock.ts";
import { dayPositions, findDayOrder } from "./today-order.ts";
import type { Refusal } from "./types.ts";

/** Thrown inside a transaction to roll it back and answer the refusal it carries. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

function refuse(code: Refusal["code"], message: string, canStill?: number): never {
  throw new Refused({ ok: false, code, message, ...(canStill === undefined ? {} : { canStill }) });
}

/** Any namespace number no other advisory lock of the product uses. */
const CLIENT_LOCK_NAMESPACE = 1212;

/**
 * Serialises one client's ordering calls (two taps at once): the day's limits are read and written under
 * it, and the day's order is created once. Other clients run in parallel; stock is guarded by the
 * conditional UPDATE, not by this lock.
 */
async function lockClient(tx: Tx, clientId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK_NAMESPACE}::int, ${clientId}::int)`);
}

export type Situation = { client: ClientContext; day: string; now: Date };

function refuseLimit(
  check: Extract<Check, { ok: false }>,
  modification: ModificationData,
  held: number,
  mode: "add" | "change",
): never {
  const canStill = mode === "add" ? Math.max(0, check.maxTotal - held) : check.maxTotal;
  const tier = priceForQuantity(modification.pricing, Math.max(1, check.maxTotal));
  const currencySign = tier?.currencySign ?? modification.pricing.orderable[0]?.tiers[0]?.currencySign ?? "";
  throw new Refused(
    limitRefusal(check, canStill, mode, { currencySign, minimum: minimumQuantity(modification.pricing) }),
  );
}

/**
 * Checks every rule for `modification` at `total` units and moves stock (and an exclusive pool) by the
 * difference from what the position holds: the price is the tier that total reaches.
 */
async function reserve(
  tx: Tx,
  s: Situation,
  modification: ModificationData,
  day: Awaited<ReturnType<typeof dayPositions>>,
  current: (typeof day)[number] | null,
  total: number,
  mode: "add" | "change",
) {
  const held = current?.quantity ?? 0;
  if (modification.pricing.orderable.length === 0) refuse("not_sold", TEXT.notSold);
  const tier = priceForQuantity(modification.pricing, total);
  if (!tier) {
    const minimum = minimumQuantity(modification.pricing) ?? 1;
    refuse("bad_quantity", `Этот товар продаётся от ${minimum} шт.`);
  }
  const check = checkPosition(modification, day, current, total, s.client.totalLimit);
  if (!check.ok) refuseLimit(check, modification, held, mode);

  const delta = total - held;
  const stock = await moveStock(tx, modification.id, -delta);
  if (!stock.ok) {
    // Another order took the units between the check and the UPDATE: recompute what is left.
    const fresh = { ...modification, quantity: stock.quantity };
    const again = checkPosition(fresh, day, current, total, s.client.totalLimit);
    if (!again.ok) refuseLimit(again, fresh, held, mode);
    refuse("out_of_stock", "Товар закончился: больше заказать нельзя.", 0);
  }
  const pool = modification.exclusive;
  if (pool?.id != null && delta !== 0) {
    const moved = await moveExclusivePool(tx, pool.id, -delta);
    if (!moved.ok) {
      const fresh = { ...modification, exclusive: { ...pool, pool: moved.quantity } };
      const again = checkPosition(fresh, day, current, total, s.client.totalLimit);
      if (!again.ok) refuseLimit(again, fresh, held, mode);
      refuse("exclusive_limit", "Лимит эксклюзивного товара: больше заказать нельзя.", 0);
    }
  }
  return tier;
}

/** Adds `quantity` of a modification to today's order (into its «Добавлен» position of it, if any). */
export async function addPosition(
  tx: Tx,
  s: Situation,
  modificationId: number,
  quantity: number,
): Promise<number> {
  await lockClient(tx, s.client.id);
  const modification = await loadModification(tx, s.client, modificationId);
  if (!modification) return refuse("not_found", TEXT.notFound);
  const order = await findDayOrder(tx, s.client.id, s.day);
  const day = order ? await dayPositions(tx, order.id) : [];
  const current = day.find((p) => p.modificationId === modificationId && p.status === "added") ?? null;
  const total = (current?.quantity ?? 0) + quantity;
  const tier = await reserve(tx, s, modification, day, current, total, "add");

  if (current) {
    await tx
      .update(orderPositions)
      .set({ quantity: total, price: tier.price, currencyId: tier.currencyId })
      .where(eq(orderPositions.id, current.id));
    await tx
      .update(orders)
      .set({ updatedAt: s.now })
      .where(eq(orders.id, order?.id ?? 0));
    return current.id;
  }
  const orderId =
    order?.id ??
    (
      await tx
        .insert(orders)
        .values({
          clientId: s.client.id,
          clientType: s.client.clientType,
          openedOn: s.day,
          openedAt: s.now,
          updatedAt: s.now,
        })
        .returning({ id: orders.id })
    )[0]?.id;
  if (orderId === undefined) throw new Error("the day's order was not created");
  if (order) await tx.update(orders).set({ updatedAt: s.now }).where(eq(orders.id, orderId));
  const [position] = await tx
    .insert(orderPositions)
    .values({
      orderId,
      modificationId,
      modificationName: `${modification.productName} ${modification.name}`,
      price: tier.price,
      quantity: total,
      currencyId: tier.currencyId,
      createdAt: s.now,
    })
    .returning({ id: orderPositions.id });
  if (!position) throw new Error("the position was not inserted");
  return position.id;
}

/** The client's position in today's order, locked, with the order's positions; refuses anything else. */
async function ownChangeable(tx: Tx, s: Situation, positionId: number) {
  await lockClient(tx, s.client.id);
  const order = await findDayOrder(tx, s.client.id, s.day);
  if (!order) return refuse("not_found", TEXT.positionNotFound);
  // Staff's send-to-collect updates the status under a row lock too: whoever locks first wins.
  const [locked] = await tx
    .select({ status: orderPositions.status })
    .from(orderPositions)
    .where(and(eq(orderPositions.id, positionId), eq(orderPositions.orderId, order.id)))
    .for("update");
  if (!locked) return refuse("not_found", TEXT.positionNotFound);
  if (locked.status !== "added") return refuse("not_changeable", TEXT.notChangeable);
  const day = await dayPositions(tx, order.id);
  const current = day.find((p) => p.id === positionId);
  if (!current) return refuse("not_found", TEXT.positionNotFound);
  return { orderId: order.id, day, current };
}

/** Sets a «Добавлен» position's quantity, re-priced at the tier it reaches; stock moves by the difference. */
export async function changePosition(
  tx: Tx,
  s: Situation,
  positionId: number,
  quantity: number,
): Promise<number> {
  const { orderId, day, current } = await ownChangeable(tx, s, positionId);
  const modification = await loadModification(tx, s.client, current.modificationId);
  if (!modification) return refuse("not_sold", TEXT.notSold);
  const tier = await reserve(tx, s, modification, day, current, quantity, "change");
  await tx
    .update(orderPositions)
    .set({ quantity, price: tier.price, currencyId: tier.currencyId })
    .where(eq(orderPositions.id, positionId));
  await tx.update(orders).set({ updatedAt: s.now }).where(eq(orders.id, orderId));
  return positionId;
}

/** Removes a «Добавлен» position; its units go back to stock (and to the exclusive pool they came from). */
export async function removePosition(tx: Tx, s: Situation, positionId: number): Promise<void> {
  const { orderId, day, current } = await ownChangeable(tx, s, positionId);
  await moveStock(tx, current.modificationId, current.quantity);
  if (current.exclusive) await returnToExclusivePool(tx, current.modificationId, current.quantity);
  await tx.delete(orderPositions).where(eq(orderPositions.id, positionId));
  // An order left without positions is dropped, so /orders does not list empty orders.
  if (day.length === 1) await tx.delete(orders).where(eq(orders.id, orderId));
  else await tx.update(orders).set({ updatedAt: s.now }).where(eq(orders.id, orderId));
}
