import { positionName } from "@wholesale/contract";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { fixedStatement } from "../../db/fixed-statement.ts";
import { handledSql, UpdateAlreadyHandled, type UpdateReceipt } from "../../db/handled-updates.ts";
import { exclusives, modifications, orderPositions, orders } from "../../db/schema/index.ts";
import { TEXT } from "./messages.ts";
import { loadModificationAndDay } from "./modification-data.ts";
import { clientPace, type PaceMoments, paceAt, spendRefusedChange, tooFast } from "./order-rate.ts";
import { type Changed, judgeAtPrice, movedRefusal, OUT_OF_STOCK } from "./positions.ts";
import type { DayRow } from "./today-order.ts";
import type { Refusal } from "./types.ts";
import { addWeighing, type Situation, type Weighing } from "./weighing.ts";

/** Every value the add's statement binds (each variant uses those it names). */
type AddValues = PaceMoments & {
  clientId: number;
  clientType: number;
  day: string;
  /** The client's count of changes read with the day's order: the write goes ahead only while it still is. */
  seen: number;
  updateId: number;
  modificationId: number;
  /** The units added: what the stock (and an exclusive pool) gives. */
  delta: number;
  name: string;
  price: number;
  currencyId: number;
  /** The position's quantity after the add. */
  total: number;
  orderId: number;
  positionId: number;
  /** The position's quantity as read, when the add grows it. */
  held: number;
  entryId: number;
};

/** The add's statement: a first position opens the day's order; a «Добавлен» position of it grows. */
type Variant = {
  order: "open" | "touch";
  position: "insert" | "grow";
  /** The modification is exclusive: its entry's pool gives the units too. */
  exclusive: boolean;
  /** The bot's update is recorded with it. */
  recorded: boolean;
};

type Written = {
  /** The client's row let the change through: within the allowance, and no other change came between. */
  paced: boolean;
  /** The bot's update was recorded (always true without one); false: another delivery had recorded it. */
  recorded: boolean;
  /** The stock (and the pool) held the units once locked. */
  stockLocked: boolean;
  poolLocked: boolean;
  positionId: number | null;
  orderId: number | null;
  /** The stock and the pool as the statement's snapshot saw them: for a refusal's message. */
  stock: number | null;
  pool: number | null;
};

/**
 * One statement, a transaction by itself, in which each step goes ahead only when the one before it did, so
 * whatever stops the add leaves nothing written but the client's row: the client's row (pace and count of
 * changes, order-rate.ts), the update's record, the stock's row locked with enough units (FOR UPDATE sees the
 * row as it stands after any other write, not as the snapshot saw it; then the exclusive pool's), the day's
 * order opened or marked changed, the position written or grown (only while it is still the «Добавлен»
 * position of the quantity read), and last the stock and the pool taken, whose rows are locked and known to
 * hold the units. A popular modification's row is locked for this one statement, not a transaction's round
 * trips.
 */
function buildAdd({ order, position, exclusive, recorded }: Variant) {
  return fixedStatement<AddValues, Written>((v) => {
    const after = (name: string) => sql.raw(`exists (select 1 from ${name})`);
    const ctes = [sql`pace as (${clientPace(v, { paced: true, counted: true, seen: v.seen })})`];
    if (recorded) ctes.push(sql`recorded as (${handledSql(v.updateId, after("pace"))})`);
    ctes.push(sql`stock_lock as (select ${modifications.quantity} from ${modifications}
      where ${modifications.id} = ${v.modificationId}::int and ${modifications.quantity} >= ${v.delta}::int
        and ${after(recorded ? "recorded" : "pace")} for update)`);
    if (exclusive)
      ctes.push(sql`pool_lock as (select ${exclusives.quantity} from ${exclusives}
        where ${exclusives.id} = ${v.entryId}::int and ${exclusives.quantity} >= ${v.delta}::int
          and ${after("stock_lock")} for update)`);
    const locked = after(exclusive ? "pool_lock" : "stock_lock");
    ctes.push(
      order === "open"
        ? sql`day_order as (insert into ${orders} (client_id, client_type, opened_on, opened_at, updated_at)
            select ${v.clientId}::int, ${v.clientType}::smallint, ${v.day}::date, ${v.now}::timestamptz,
              ${v.now}::timestamptz
            where ${locked} returning id)`
        : sql`day_order as (update ${orders} set updated_at = ${v.now}::timestamptz
            where ${orders.id} = ${v.orderId}::int and ${locked} returning id)`,
    );
    ctes.push(
      position === "insert"
        ? sql`position as (insert into ${orderPositions}
              (order_id, modification_id, modification_name, price, quantity, currency_id, created_at)
            select id, ${v.modificationId}::int, ${v.name}::text, ${v.price}::numeric, ${v.total}::int,
              ${v.currencyId}::int, ${v.now}::timestamptz
            from day_order returning id, order_id)`
        : sql`position as (update ${orderPositions}
            set quantity = ${v.total}::int, price = ${v.price}::numeric, currency_id = ${v.currencyId}::int
            where ${orderPositions.id} = ${v.positionId}::int and ${orderPositions.status} = 'added'
              and ${orderPositions.quantity} = ${v.held}::int and ${after("day_order")}
            returning id, order_id)`,
    );
    ctes.push(sql`stock_taken as (update ${modifications}
      set quantity = ${modifications.quantity} - ${v.delta}::int
      where ${modifications.id} = ${v.modificationId}::int and ${after("position")} returning 1)`);
    if (exclusive)
      ctes.push(sql`pool_taken as (update ${exclusives} set quantity = ${exclusives.quantity} - ${v.delta}::int
        where ${exclusives.id} = ${v.entryId}::int and ${after("position")} returning 1)`);
    return sql`with ${sql.join(ctes, sql`, `)}
      select json_build_object(
        'paced', ${after("pace")},
        'recorded', ${recorded ? after("recorded") : sql`true`},
        'stockLocked', ${after("stock_lock")},
        'poolLocked', ${exclusive ? after("pool_lock") : sql`true`},
        'positionId', (select id from position),
        'orderId', (select order_id from position),
        'stock', (select quantity from ${modifications} where ${modifications.id} = ${v.modificationId}::int),
        'pool', ${exclusive ? sql`(select quantity from ${exclusives} where ${exclusives.id} = ${v.entryId}::int)` : sql`null`}
      ) as r`;
  });
}

/** The statement of each variant, its text built the first time it is needed. */
const statements = new Map<string, ReturnType<typeof buildAdd>>();
function addStatement(variant: Variant) {
  const key = `${variant.order}/${variant.position}/${variant.exclusive}/${variant.recorded}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = buildAdd(variant);
    statements.set(key, statement);
  }
  return statement;
}

/**
 * Tries that find the client's count of changes moved on are tried again on a new reading; each such move is
 * a change the client's pace let through (or a removal of what one added), so a client's own rush ends them.
 * This many in a row means something is wrong.
 */
const MAX_READINGS = 50;

/**
 * Adds `quantity` of a modification to today's order (into its «Добавлен» position of it, if any), at the
 * price the client confirmed (null: none was shown), recording the bot update it carries out with its write.
 *
 * Two round trips and no transaction: one reading of everything the rules weigh (modification-data.ts; what
 * changes rarely is kept in memory), the rules in TypeScript, then one statement that writes the add only while
 * nothing it was judged on has moved: the stock and an exclusive pool are taken only if they still hold the
 * units, and the client's count of changes must still be the one read (no other change of the client's came
 * between, order-rate.ts `clientPace`). Another change in between means a new reading and a new judgement.
 * A try the rules refuse spends the client's pace on its own (counted, as every try); one beyond the pace is
 * refused too_fast, nothing written.
 */
export async function addPosition(
  db: Db | Tx,
  s: Situation,
  modificationId: number,
  quantity: number,
  confirmedPrice: number | null,
  receipt: UpdateReceipt | undefined,
): Promise<Changed | Refusal> {
  const moments = paceAt(s.now);
  /** The count of changes when the pace last refused the write: unchanged since, the pace is what refuses. */
  let refusedAt: number | undefined;
  for (let reading = 0; reading < MAX_READINGS; reading++) {
    const read = await loadModificationAndDay(db, s.client, modificationId, s.day);
    if (read.changes === refusedAt) return tooFast;
    const { modification, order } = read;
    if (!modification)
      return refusedTry(db, s, receipt, { ok: false, code: "not_found", message: TEXT.notFound });
    const w = addWeighing(s, modification, order, quantity);
    const judged = judgeAtPrice(w, confirmedPrice);
    if (!judged.ok) return refusedTry(db, s, receipt, judged);
    const { tier } = judged;
    const current = w.current;
    const name = positionName({
      brand: modification.brandName,
      product: modification.productName,
      modification: modification.name,
    });
    const entryId = modification.exclusive?.id ?? null;
    const written = await addStatement({
      order: order.orderId === null ? "open" : "touch",
      position: current ? "grow" : "insert",
      exclusive: entryId !== null,
      recorded: receipt !== undefined,
    }).run(db, {
      ...moments,
      clientId: s.client.id,
      clientType: s.client.clientType,
      day: s.day,
      seen: read.changes,
      updateId: receipt?.updateId ?? 0,
      modificationId,
      delta: quantity,
      name,
      price: tier.price,
      currencyId: tier.currencyId,
      total: w.total,
      orderId: order.orderId ?? 0,
      positionId: current?.id ?? 0,
      held: current?.quantity ?? 0,
      entryId: entryId ?? 0,
    });
    if (!written.paced) {
      refusedAt = read.changes;
      continue;
    }
    if (!written.recorded && receipt) throw new UpdateAlreadyHandled(receipt.updateId);
    receipt?.committed();
    if (written.positionId === null || written.orderId === null) {
      if (!written.stockLocked || !written.poolLocked) return movedAway(db, w, written);
      // Staff changed the order or the position meanwhile: weigh the add again on a new reading.
      continue;
    }
    const row: DayRow = {
      id: written.positionId,
      modificationId,
      brandId: modification.brandId,
      exclusive: modification.exclusive !== null,
      quantity: w.total,
      price: tier.price,
      currencyId: tier.currencyId,
      name: current?.name ?? name,
      currencySign: tier.currencySign,
      status: "added",
    };
    const positions = current
      ? order.positions.map((p) => (p.id === current.id ? row : p))
      : [...order.positions, row];
    return { positionId: written.positionId, order: { orderId: written.orderId, positions } };
  }
  throw new Error(`the add was overtaken by the client's other changes ${MAX_READINGS} times`);
}

/** A try the rules refused still spends the client's pace; beyond it the answer is too_fast. */
async function refusedTry(
  db: Db | Tx,
  s: Situation,
  receipt: UpdateReceipt | undefined,
  refusal: Refusal,
): Promise<Refusal> {
  const allowed = await spendRefusedChange(db, s.client.id, s.now, receipt);
  return allowed ? refusal : tooFast;
}

const readStockAndPool = fixedStatement<{ modificationId: number; entryId: number }, StockAndPool>(
  (v) => sql`select json_build_object(
      'stock', (select quantity from ${modifications} where ${modifications.id} = ${v.modificationId}::int),
      'pool', (select quantity from ${exclusives} where ${exclusives.id} = ${v.entryId}::int)) as r`,
);
type StockAndPool = { stock: number | null; pool: number | null };

/**
 * Other orders took the units (of the stock, or of the exclusive pool) since the reading: the refusal says what
 * is possible now. The snapshot's figures are from before those orders unless they came between the snapshot
 * and the lock; then (the snapshot still shows enough) the figures are read again.
 */
async function movedAway(db: Db | Tx, w: Weighing, written: Written): Promise<Refusal> {
  const delta = w.total - (w.current?.quantity ?? 0);
  const entry = w.modification.exclusive;
  const blocked = written.stockLocked ? written.pool : written.stock;
  const { stock, pool }: StockAndPool =
    blocked !== null && blocked < delta
      ? written
      : await readStockAndPool.run(db, { modificationId: w.modification.id, entryId: entry?.id ?? 0 });
  if (!written.stockLocked || !entry)
    return movedRefusal(
      w,
      { ...w.modification, quantity: Math.max(0, stock ?? 0) },
      "out_of_stock",
      OUT_OF_STOCK,
    );
  const fresh = { ...w.modification, exclusive: { ...entry, pool: Math.max(0, pool ?? 0) } };
  return movedRefusal(w, fresh, "exclusive_limit", "Лимит эксклюзивного товара: больше заказать нельзя.");
}
