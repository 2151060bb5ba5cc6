import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { orderPositions, orders } from "../../db/schema/index.ts";
import type { ClientContext } from "./client-context.ts";
import { type Check, checkPosition, judgePosition } from "./limits.ts";
import { limitRefusal, TEXT } from "./messages.ts";
import { loadModification, loadModificationAndDay, type ModificationData } from "./modification-data.ts";
import { viewOf } from "./modification-view.ts";
import { minimumQuantity, priceForQuantity } from "./price-list.ts";
import { moveExclusivePool, moveStock, returnToExclusivePool, stockMove, stockNow } from "./stock.ts";
import { type DayOrder, type DayRow, loadDayOrder } from "./today-order.ts";
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

/** A position weighed against the rules: the modification, the day's positions, the one it changes, its total. */
type Weighing = {
  s: Situation;
  modification: ModificationData;
  day: readonly DayRow[];
  current: DayRow | null;
  total: number;
  mode: "add" | "change";
};

/** Checks every rule for the modification at the total; answers the price of the tier that total reaches. */
function priceChecked({ s, modification, day, current, total, mode }: Weighing) {
  const judged = judgePosition(modification, day, current, total, s.client.totalLimit);
  if (judged.ok) return judged.tier;
  if (judged.code === "not_sold") return refuse("not_sold", TEXT.notSold);
  if (judged.code === "below_minimum")
    return refuse("bad_quantity", `Этот товар продаётся от ${judged.minimum} шт.`);
  return refuseLimit(judged.check, modification, current?.quantity ?? 0, mode);
}

/** Runs a check; a refusal it throws carries the modification's card, from what was read already. */
function withCard<T>({ s, modification, day }: Weighing, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof Refused) error.refusal.card = viewOf(s.client, modification, day);
    throw error;
  }
}

/**
 * A move refused after the rules passed: other orders took the units (or the exclusive pool) since the check.
 * The refusal says what is possible now, judged on `fresh` (the modification as it stands).
 */
function refuseMoved(
  { s, day, current, total, mode }: Weighing,
  fresh: ModificationData,
  code: "out_of_stock" | "exclusive_limit",
  message: string,
): never {
  const again = checkPosition(fresh, day, current, total, s.client.totalLimit);
  if (!again.ok) refuseLimit(again, fresh, current?.quantity ?? 0, mode);
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
    .$with("order_touched")
    .as(tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId)).returning({ id: orders.id }));

/** Opens the client's order of the business day: the first position of the day. */
async function openDayOrder(tx: Tx, s: Situation): Promise<number> {
  const [created] = await tx
    .insert(orders)
    .values({
      clientId: s.client.id,
      clientType: s.client.clientType,
      openedOn: s.day,
      openedAt: s.now,
      updatedAt: s.now,
    })
    .returning({ id: orders.id });
  if (!created) throw new Error("the day's order was not created");
  return created.id;
}

/** What a change leaves: the position touched and the day's order after it (for the answer, no re-read). */
export type Changed = { positionId: number; order: DayOrder };

/** Adds `quantity` of a modification to today's order (into its «Добавлен» position of it, if any). */
export async function addPosition(
  tx: Tx,
  s: Situation,
  modificationId: number,
  quantity: number,
): Promise<Changed> {
  await lockClient(tx, s.client.id);
  const read = await loadModificationAndDay(tx, s.client, modificationId, s.day);
  if (!read) return refuse("not_found", TEXT.notFound);
  const { modification, order } = read;
  const current =
    order.positions.find((p) => p.modificationId === modificationId && p.status === "added") ?? null;
  const total = (current?.quantity ?? 0) + quantity;
  const weighing: Weighing = { s, modification, day: order.positions, current, total, mode: "add" };
  const tier = withCard(weighing, () => priceChecked(weighing));

  const orderId = order.orderId ?? (await openDayOrder(tx, s));
  // One statement writes the position, marks the order changed and takes the stock: its last but the commit
  // (and a rare exclusive pool's), so a popular modification's stock row stays locked only until that commit.
  // A stock move refused leaves no stock row, and the refusal rolls the position back.
  const move = stockMove(tx, modificationId, -quantity);
  const touched = touchOrder(tx, orderId, s.now);
  const written = { id: orderPositions.id, stockLeft: sql<number | null>`(select quantity from ${move})` };
  const [stored] = current
    ? await tx
        .with(touched, move)
        .update(orderPositions)
        .set({ quantity: total, price: tier.price, currencyId: tier.currencyId })
        .where(eq(orderPositions.id, current.id))
        .returning(written)
    : await tx
        .with(touched, move)
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
        .returning(written);
  if (!stored) throw new Error("the position was not written");
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
    name: current?.name ?? `${modification.productName} ${modification.name}`,
    currencySign: tier.currencySign,
    status: "added",
  };
  const positions = current
    ? order.positions.map((p) => (p.id === current.id ? row : p))
    : [...order.positions, row];
  return { positionId, order: { orderId, positions } };
}

/** The client's position in today's order, locked, with the order; refuses anything else. */
async function ownChangeable(tx: Tx, s: Situation, positionId: number) {
  await lockClient(tx, s.client.id);
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

/** Sets a «Добавлен» position's quantity, re-priced at the tier it reaches; stock moves by the difference. */
export async function changePosition(
  tx: Tx,
  s: Situation,
  positionId: number,
  quantity: number,
): Promise<Changed> {
  const { orderId, order, current } = await ownChangeable(tx, s, positionId);
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
  const tier = priceChecked(weighing);
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
export async function removePosition(tx: Tx, s: Situation, positionId: number): Promise<DayOrder> {
  const { orderId, order, current } = await ownChangeable(tx, s, positionId);
  await tx.delete(orderPositions).where(eq(orderPositions.id, positionId));
  const rest = order.positions.filter((p) => p.id !== positionId);
  // An order left without positions is dropped, so /orders does not list empty orders.
  if (rest.length === 0) await tx.delete(orders).where(eq(orders.id, orderId));
  else await tx.update(orders).set({ updatedAt: s.now }).where(eq(orders.id, orderId));
  await moveStock(tx, current.modificationId, current.quantity);
  if (current.exclusive) await returnToExclusivePool(tx, current.modificationId, current.quantity);
  return { orderId: rest.length ? orderId : null, positions: rest };
}
