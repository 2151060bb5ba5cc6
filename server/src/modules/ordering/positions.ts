import { positionName } from "@wholesale/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { inserted, type UpdateReceipt } from "../../db/handled-updates.ts";
import { orderPositions, orders } from "../../db/schema/index.ts";
import { moveExclusivePool, moveStock, returnToExclusivePool, stockMove, stockNow } from "../stock/index.ts";
import { checkPosition } from "./limits.ts";
import { TEXT } from "./messages.ts";
import { loadModification, loadModificationAndDay, type ModificationData } from "./modification-data.ts";
import type { SellableTier } from "./price-list.ts";
import { type DayOrder, type DayRow, loadDayOrder } from "./today-order.ts";
import type { Refusal } from "./types.ts";
import {
  addWeighing,
  limitRefusalOf,
  priceChanged,
  type Situation,
  type Weighing,
  weigh,
  withCard,
} from "./weighing.ts";

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
 * the refusal thrown. An adding refusal carries the modification's card, from what was read already.
 */
function priceChecked(w: Weighing, confirmedPrice: number | null): SellableTier {
  const refused = (refusal: Refusal) => new Refused(w.mode === "add" ? withCard(w, refusal) : refusal);
  const judged = weigh(w);
  if (!judged.ok) throw refused(judged);
  const changed = priceChanged(w, judged.tier, confirmedPrice);
  if (changed) throw refused(changed);
  return judged.tier;
}

/**
 * A move refused after the rules passed: other orders took the units (or the exclusive pool) since the check.
 * The refusal says what is possible now, judged on `fresh` (the modification as it stands).
 */
function refuseMoved(
  w: Weighing,
  fresh: ModificationData,
  code: "out_of_stock" | "exclusive_limit",
  message: string,
): never {
  const again = checkPosition(fresh, w.day, w.current, w.total, w.s.client.totalLimit);
  if (!again.ok) throw new Refused(limitRefusalOf(again, { ...w, modification: fresh }));
  return refuse(code, message, 0);
}

const OUT_OF_STOCK = "Товар закончился: больше заказать нельзя.";

/** Takes the position's new units from an exclusive modification's pool, after its stock. */
async function takeExclusive(tx: Tx, w: Weighing) {
  const pool = w.modification.exclusive;
  if (pool?.id == null) return;
  const moved = await moveExclusivePool(tx, pool.id, -(w.total - (w.current?.quantity ?? 0)));
  if (moved.ok) return;
  const fresh = { ...w.modification, exclusive: { ...pool, pool: moved.quantity } };
  refuseMoved(w, fresh, "exclusive_limit", "Лимит эксклюзивного товара: больше заказать нельзя.");
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
    refuseMoved(w, { ...w.modification, quantity: stock.quantity }, "out_of_stock", OUT_OF_STOCK);
  await takeExclusive(tx, w);
}

/** Marks the order changed; a WITH query, so it rides on the statement that writes the position. */
const touchOrder = (tx: Tx, orderId: number, now: Date) =>
  tx
    .$with("day_order")
    .as(tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId)).returning({ id: orders.id }));

/** Opens the client's order of the business day with its first position: a WITH query, as touchOrder. */
const openDayOrder = (tx: Tx, s: Situation) =>
  tx.$with("day_order").as(
    tx
      .insert(orders)
      .values({
        clientId: s.client.id,
        clientType: s.client.clientType,
        openedOn: s.day,
        openedAt: s.now,
        updatedAt: s.now,
      })
      .returning({ id: orders.id }),
  );

/*
 * The changes below run in the transaction the ordering service opened with the client's lock and situation
 * (ordering-service.ts `change`, situation.ts `lockAndReadSituation`): one client's changes never interleave.
 */

/** What a change leaves: the position touched and the day's order after it (for the answer, no re-read). */
export type Changed = { positionId: number; order: DayOrder };

/**
 * Adds `quantity` of a modification to today's order (into its «Добавлен» position of it, if any), at the
 * price the client confirmed (null: none was shown), recording the bot update it carries out with its write.
 */
export async function addPosition(
  tx: Tx,
  s: Situation,
  modificationId: number,
  quantity: number,
  confirmedPrice: number | null,
  receipt: UpdateReceipt | undefined,
): Promise<Changed> {
  const read = await loadModificationAndDay(tx, s.client, modificationId, s.day);
  if (!read) return refuse("not_found", TEXT.notFound);
  const { modification, order } = read;
  const weighing = addWeighing(s, modification, order, quantity);
  const { current, total } = weighing;
  const tier = priceChecked(weighing, confirmedPrice);
  const name = positionName({
    brand: modification.brandName,
    product: modification.productName,
    modification: modification.name,
  });

  // One statement writes the position, opens the day's order or marks it changed, takes the stock and records
  // the update: its last but the commit (and a rare exclusive pool's), so a popular modification's stock row
  // stays locked only until that commit. A stock move refused leaves no stock row, and the refusal rolls the
  // position (and an order it opened) back.
  const move = stockMove(tx, modificationId, -quantity);
  const dayOrder = order.orderId === null ? openDayOrder(tx, s) : touchOrder(tx, order.orderId, s.now);
  const record = receipt?.recordWith(tx);
  const ctes = record ? [dayOrder, move, record] : [dayOrder, move];
  const written = {
    id: orderPositions.id,
    orderId: orderPositions.orderId,
    stockLeft: sql<number | null>`(select quantity from ${move})`,
    recorded: record ? inserted(record) : sql<boolean>`true`,
  };
  const [stored] = current
    ? await tx
        .with(...ctes)
        .update(orderPositions)
        .set({ quantity: total, price: tier.price, currencyId: tier.currencyId })
        .where(eq(orderPositions.id, current.id))
        .returning(written)
    : await tx
        .with(...ctes)
        .insert(orderPositions)
        .values({
          orderId: sql`(select id from ${dayOrder})`,
          modificationId,
          modificationName: name,
          price: tier.price,
          quantity: total,
          currencyId: tier.currencyId,
          createdAt: s.now,
        })
        .returning(written);
  if (!stored) throw new Error("the position was not written");
  receipt?.check(stored.recorded);
  if (stored.stockLeft === null) {
    const left = await stockNow(tx, modificationId);
    refuseMoved(weighing, { ...modification, quantity: left }, "out_of_stock", OUT_OF_STOCK);
  }
  await takeExclusive(tx, weighing);
  const positionId = stored.id;

  const row: DayRow = {
    id: positionId,
    modificationId,
    brandId: modification.brandId,
    exclusive: modification.exclusive !== null,
    quantity: total,
    price: tier.price,
    currencyId: tier.currencyId,
    name: current?.name ?? name,
    currencySign: tier.currencySign,
    status: "added",
  };
  const positions = current
    ? order.positions.map((p) => (p.id === current.id ? row : p))
    : [...order.positions, row];
  return { positionId, order: { orderId: stored.orderId, positions } };
}

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
  const modification = await loadModification(tx, s.client, current.modificationId);
  if (!modification) return refuse("not_sold", TEXT.notSold);
  const weighing: Weighing = {
    s,
    modification,
    day: order.positions,
    current,
    total: quantity,
    mode: "change",
  };
  const tier = priceChecked(weighing, confirmedPrice);
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
