import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import type { UpdateReceipt } from "../../../db/handled-updates.ts";
import { orderPositions, orders } from "../../../db/schema/index.ts";
import { moveExclusivePool, moveStock, returnToExclusivePool } from "../../stock/index.ts";
import type { DayOrder, ModificationData } from "../rules/kept-rows.ts";
import { checkPosition } from "../rules/limits.ts";
import { TEXT } from "../rules/messages.ts";
import type { SellableTier } from "../rules/price-list.ts";
import {
  limitRefusalOf,
  priceChanged,
  type Situation,
  type Weighing,
  weigh,
  withCard,
} from "../rules/weighing.ts";
import type { Refusal } from "../types.ts";
import { loadModification } from "./modification-data.ts";
import { loadDayOrder } from "./today-order.ts";

/** Thrown inside a transaction to roll it back and answer the refusal it carries. */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

function refuse(code: Refusal["code"], message: string, canStill?: number): never {
  throw new Refused({ ok: false, code, message, ...(canStill === undefined ? {} : { canStill }) });
}

/**
 * Every rule for the position at its total, and the price the client confirmed: the tier it is sold at, or
 * the refusal. An adding refusal carries the modification's card, from what was read already.
 */
export function judgeAtPrice(
  w: Weighing,
  confirmedPrice: number | null,
): { ok: true; tier: SellableTier } | Refusal {
  const refused = (refusal: Refusal) => (w.mode === "add" ? withCard(w, refusal) : refusal);
  const judged = weigh(w);
  if (!judged.ok) return refused(judged);
  const changed = priceChanged(w, judged.tier, confirmedPrice);
  return changed ? refused(changed) : judged;
}

/**
 * A move refused after the rules passed: other orders took the units (or the exclusive pool) since the check.
 * The refusal says what is possible now, judged on `fresh` (the modification as it stands).
 */
export function movedRefusal(
  w: Weighing,
  fresh: ModificationData,
  code: "out_of_stock" | "exclusive_limit",
  message: string,
): Refusal {
  const again = checkPosition(fresh, w.day, w.current, w.total, w.s.client.totalLimit);
  if (!again.ok) return limitRefusalOf(again, { ...w, modification: fresh });
  return { ok: false, code, message, canStill: 0 };
}

export const OUT_OF_STOCK = "Товар закончился: больше заказать нельзя.";

/** Takes the position's new units from an exclusive modification's pool, after its stock. */
async function takeExclusive(tx: Tx, w: Weighing) {
  const pool = w.modification.exclusive;
  if (pool?.id == null) return;
  const moved = await moveExclusivePool(tx, pool.id, -(w.total - (w.current?.quantity ?? 0)));
  if (moved.ok) return;
  const fresh = { ...w.modification, exclusive: { ...pool, pool: moved.quantity } };
  throw new Refused(
    movedRefusal(w, fresh, "exclusive_limit", "Лимит эксклюзивного товара: больше заказать нельзя."),
  );
}

/**
 * Moves stock (and an exclusive pool) to a changed position's total: the last statements of the transaction,
 * so the hot rows of popular modifications stay locked only until the commit that follows.
 */
async function take(tx: Tx, w: Weighing) {
  const delta = w.total - (w.current?.quantity ?? 0);
  if (delta === 0) return;
  const stock = await moveStock(tx, w.modification.id, -delta);
  if (!stock.ok)
    throw new Refused(
      movedRefusal(w, { ...w.modification, quantity: stock.quantity }, "out_of_stock", OUT_OF_STOCK),
    );
  await takeExclusive(tx, w);
}

/*
 * The changes below run in the transaction the ordering service opened with the client's row of
 * order_rate_buckets taken (run-change.ts `runChange`, order-rate.ts `lockClientPace`): one client's changes
 * never interleave, and an add judged before them writes nothing (add-position.ts).
 */

/** What a change leaves: the position touched and the day's order after it (for the answer, no re-read). */
export type Changed = { positionId: number; order: DayOrder };

/**
 * The client's position in today's order, locked, with the order; refuses anything else. The bot update the
 * change carries out is recorded first, under the client's lock.
 */
async function ownChangeable(tx: Tx, s: Situation, positionId: number, receipt: UpdateReceipt | undefined) {
  await receipt?.record(tx);
  // Staff's send-to-collect updates the status under the row lock too: whoever locks first wins.
  const [locked] = await tx
    .select({ status: orderPositions.status })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(
      and(eq(orderPositions.id, positionId), eq(orders.clientId, s.client.id), eq(orders.openedOn, s.day)),
    )
    .for("update", { of: orderPositions });
  if (!locked) return refuse("not_found", TEXT.positionNotFound);
  if (locked.status !== "added") return refuse("not_changeable", TEXT.notChangeable);
  const order = await loadDayOrder(tx, s.client.id, s.day);
  const current = order.positions.find((p) => p.id === positionId);
  if (!current || order.orderId === null) return refuse("not_found", TEXT.positionNotFound);
  return { orderId: order.orderId, order, current };
}

/**
 * Sets a «Добавлен» position's quantity, re-priced at the tier it reaches, at the price the client confirmed
 * (null: none was shown); stock moves by the difference.
 */
export async function changePosition(
  tx: Tx,
  s: Situation,
  positionId: number,
  quantity: number,
  confirmedPrice: number | null,
  receipt: UpdateReceipt | undefined,
): Promise<Changed> {
  const { orderId, order, current } = await ownChangeable(tx, s, positionId, receipt);
  const modification = await loadModification(tx, s.client, current.modificationId, s.day);
  if (!modification) return refuse("not_sold", TEXT.notSold);
  const weighing: Weighing = {
    s,
    modification,
    day: order.positions,
    current,
    total: quantity,
    mode: "change",
  };
  const judged = judgeAtPrice(weighing, confirmedPrice);
  if (!judged.ok) throw new Refused(judged);
  const { tier } = judged;
  await tx
    .update(orderPositions)
    .set({ quantity, price: tier.price, currencyId: tier.currencyId })
    .where(eq(orderPositions.id, positionId));
  await tx.update(orders).set({ updatedAt: s.now }).where(eq(orders.id, orderId));
  await take(tx, weighing);
  const changed = {
    ...current,
    quantity,
    price: tier.price,
    currencyId: tier.currencyId,
    currencySign: tier.currencySign,
  };
  return {
    positionId,
    order: { orderId, positions: order.positions.map((p) => (p.id === positionId ? changed : p)) },
  };
}

/** Removes a «Добавлен» position; its units go back to stock (and to the exclusive pool they came from). */
export async function removePosition(
  tx: Tx,
  s: Situation,
  positionId: number,
  receipt: UpdateReceipt | undefined,
): Promise<DayOrder> {
  const { orderId, order, current } = await ownChangeable(tx, s, positionId, receipt);
  await tx.delete(orderPositions).where(eq(orderPositions.id, positionId));
  const rest = order.positions.filter((p) => p.id !== positionId);
  // An order left without positions is dropped, so /orders does not list empty orders.
  if (rest.length === 0) await tx.delete(orders).where(eq(orders.id, orderId));
  else await tx.update(orders).set({ updatedAt: s.now }).where(eq(orders.id, orderId));
  await moveStock(tx, current.modificationId, current.quantity);
  if (current.exclusive) await returnToExclusivePool(tx, current.modificationId, current.quantity);
  return { orderId: rest.length ? orderId : null, positions: rest };
}
