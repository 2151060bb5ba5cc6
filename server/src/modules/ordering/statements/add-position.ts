import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { fixedStatement } from "../../../db/fixed-statement.ts";
import { handledSql, UpdateAlreadyHandled, type UpdateReceipt } from "../../../db/handled-updates.ts";
import { exclusives, modifications } from "../../../db/schema/index.ts";
import type { ModificationData, ModificationStatic } from "../rules/kept-rows.ts";
import { TEXT } from "../rules/messages.ts";
import {
  addedRow,
  addWeighing,
  priceChanged,
  type Situation,
  type Weighing,
  weigh,
  withAdded,
  withCard,
} from "../rules/weighing.ts";
import { type AppliedLine, LineAlreadyApplied, type Refusal } from "../types.ts";
import {
  after,
  appliedParts,
  dayOrderPart,
  positionPart,
  recordedAlready,
  stockTakenPart,
  visiblePart,
} from "./add-statement-parts.ts";
import {
  modificationDataOf,
  nameOfKept,
  staticOf,
  type TapRow,
  type TapValues,
  tapColumns,
  tapReadOf,
} from "./modification-data.ts";
import { clientPace, type PaceMoments, paceAt, spendChange, tooFast } from "./order-rate.ts";
import { cachesOf } from "./ordering-cache.ts";
import { type Changed, judgeAtPrice, movedRefusal, OUT_OF_STOCK } from "./positions.ts";
import { readDayOrder } from "./today-order.ts";
import { audienceOf } from "./visibility.ts";

/** Every value the add's statement binds (each variant uses those it names). */
type AddValues = PaceMoments &
  TapValues & {
    clientType: number;
    /** The client's count of changes the add was judged on: the write goes ahead only while it still is. */
    seen: number;
    updateId: number;
    /** The prepared list's send whose line the add applies, the line's place in it and its list line, or 0. */
    sendId: number;
    place: number;
    line: number;
    /** The units added: what the stock (and an exclusive pool) gives. */
    delta: number;
    name: string;
    price: number;
    currencyId: number;
    /** The position's quantity after the add. */
    total: number;
    orderId: number;
    positionId: number;
    /** The position's quantity as judged, when the add grows it. */
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
  /**
   * A prepared list's line is recorded with the position (no conflict clause: a second record fails). Its add
   * is not paced: the list's send spent the client's one change for all its lines (order-rate.ts).
   */
  applies: boolean;
  /** The modification is restricted to some audience (its kept data): the statement asks whether this client is in it. */
  restricted: boolean;
};

type Written = {
  /** The client's row let the change through: within the allowance, and no position of theirs changed since. */
  paced: boolean;
  /** The bot's update was recorded (always true without one); false: another delivery had recorded it. */
  recorded: boolean;
  /** The client sees the modification (visibleTo, in the statement's snapshot). */
  visible: boolean;
  /** The stock (and the pool) held the units once locked. */
  stockLocked: boolean;
  poolLocked: boolean;
  positionId: number | null;
  orderId: number | null;
  /**
   * The stock as it stands when the lock failed (as the snapshot saw it otherwise), and the pool as the
   * snapshot saw it: for a refusal's message.
   */
  stock: number | null;
  pool: number | null;
};

/**
 * One statement, a transaction by itself, in which each step goes ahead only when the one before it did, so
 * whatever stops the add leaves nothing written but the client's pace: the client's row (the pace, and the
 * count of changes the add was judged on, order-rate.ts), the update's record, the modification seen by the
 * client (visibleTo), its stock's row locked with enough units (FOR UPDATE sees the row as it stands after any
 * other write, not as the snapshot saw it; then the exclusive pool's), the day's order opened or marked
 * changed (only while it is still the client's of that day), the position written or grown (only while it is
 * still the «Добавлен» position of the quantity judged), and last the stock and the pool taken, whose rows are
 * locked and known to hold the units. A popular modification's row is locked for this one statement.
 */
function buildAdd({ order, position, exclusive, recorded, applies, restricted }: Variant) {
  return fixedStatement<AddValues, Written>((v) => {
    const ctes = [sql`pace as (${clientPace(v, { paced: !applies, seen: v.seen })})`];
    if (recorded) ctes.push(sql`recorded as (${handledSql(v.updateId, after("pace"))})`);
    ctes.push(sql`visible as (${visiblePart(v, v.modificationId, restricted)})`);
    ctes.push(sql`stock_lock as (select ${modifications.quantity} from ${modifications}
      where ${modifications.id} = ${v.modificationId}::int and ${modifications.quantity} >= ${v.delta}::int
        and ${after(recorded ? "recorded" : "pace")} and ${after("visible")} for update)`);
    // The snapshot showed the units but the lock found them gone (other orders took them meanwhile): the row
    // locked as it stands now gives the refusal its figure, with no round trip of its own.
    ctes.push(sql`stock_now as (select ${modifications.quantity} from ${modifications}
      where ${modifications.id} = ${v.modificationId}::int and not ${after("stock_lock")}
        and ${after(recorded ? "recorded" : "pace")} and ${after("visible")}
        and (select m.quantity from ${modifications} m where m.id = ${v.modificationId}::int) >= ${v.delta}::int
      for update)`);
    if (exclusive)
      ctes.push(sql`pool_lock as (select ${exclusives.quantity} from ${exclusives}
        where ${exclusives.id} = ${v.entryId}::int and ${exclusives.quantity} >= ${v.delta}::int
          and ${after("stock_lock")} for update)`);
    ctes.push(sql`day_order as (${dayOrderPart(order, v, after(exclusive ? "pool_lock" : "stock_lock"))})`);
    ctes.push(sql`position as (${positionPart(position, v, sql`true`)})`);
    ctes.push(sql`stock_taken as (${stockTakenPart(v.modificationId, v.delta, "position")})`);
    if (exclusive)
      ctes.push(sql`pool_taken as (update ${exclusives} set quantity = ${exclusives.quantity} - ${v.delta}::int
        where ${exclusives.id} = ${v.entryId}::int and ${after("position")} returning 1)`);
    if (applies) ctes.push(...appliedParts(v, v, { position: "position", applied: "applied" }));
    return sql`with ${sql.join(ctes, sql`, `)}
      select json_build_object(
        'paced', ${after("pace")},
        'recorded', ${recorded ? after("recorded") : sql`true`},
        'visible', ${after("visible")},
        'stockLocked', ${after("stock_lock")},
        'poolLocked', ${exclusive ? after("pool_lock") : sql`true`},
        'positionId', (select id from position),
        'orderId', (select order_id from position),
        'stock', coalesce((select quantity from stock_now),
          (select quantity from ${modifications} where ${modifications.id} = ${v.modificationId}::int)),
        'pool', ${exclusive ? sql`(select quantity from ${exclusives} where ${exclusives.id} = ${v.entryId}::int)` : sql`null`}
      ) as r`;
  });
}

/** The statement of each variant, its text built the first time it is needed. */
const statements = new Map<string, ReturnType<typeof buildAdd>>();
function addStatement(variant: Variant) {
  const key = Object.values(variant).join("/");
  let statement = statements.get(key);
  if (!statement) {
    statement = buildAdd(variant);
    statements.set(key, statement);
  }
  return statement;
}

type TriedValues = PaceMoments & TapValues & { updateId: number };
type Tried = { allowed: boolean; recorded: boolean; read: TapRow };

/**
 * A try the rules refused, in one statement: the client's pace spent (every try counts, or a script could poll
 * a sold-out modification without limit), the bot's update recorded (the refusal is its whole effect), and
 * everything the refusal is judged again on read afresh (modification-data.ts `tapColumns`). A list's line
 * spends nothing (`unpaced`): its send was the client's change.
 */
const triedStatements = {
  unpaced: fixedStatement<TriedValues, Tried>(
    (v) => sql`select json_build_object('allowed', true, 'recorded', false, 'read', ${tapColumns(v)}) as r`,
  ),
  alone: fixedStatement<TriedValues, Tried>(
    (v) => sql`with pace as (${clientPace(v, { paced: true })})
      select json_build_object('allowed', exists (select 1 from pace), 'recorded', false,
        'read', ${tapColumns(v)}) as r`,
  ),
  recording: fixedStatement<TriedValues, Tried>(
    (v) => sql`with pace as (${clientPace(v, { paced: true })}), recorded as (${handledSql(v.updateId)})
      select json_build_object('allowed', exists (select 1 from pace),
        'recorded', exists (select 1 from recorded), 'read', ${tapColumns(v)}) as r`,
  ),
};

/**
 * Readings that find the client's count of changes moved on are tried again; each move is a change of the
 * client's positions (one the pace let through, a removal of one, or staff's), so a client's own rush ends
 * them. This many in a row means something is wrong.
 */
const MAX_READINGS = 50;

/** What is not known before the add's write: the stock and an exclusive pool, judged as unbounded. */
export const UNKNOWN = Number.POSITIVE_INFINITY;

/**
 * Adds `quantity` of a modification to today's order (into its «Добавлен» position of it, if any), at the
 * price the client confirmed (null: none was shown), recording the bot update it carries out with its write.
 *
 * One round trip and no transaction when this process holds a reading of the client's day: the rules judge the
 * add in TypeScript on that reading and on the modification's static part (both kept in memory:
 * ordering-cache.ts), the stock and an exclusive pool taken as unbounded; then one statement writes it only
 * while none of that has moved (buildAdd): the client's count of changes is still the one read (no position of
 * theirs was written since, by anyone), the client sees the modification, and the stock and the pool still
 * hold the units. What the write finds moved is read again and the add judged again; a refusal by the stock
 * or the pool is judged on the figures the write found, exactly as a judgement that had read them. A try the
 * rules refuse is spent and read afresh in one statement and judged again on what it read (the refusal is
 * that judgement's). Beyond the client's pace the answer is too_fast, nothing written. A prepared list's line
 * (`applies`) is recorded by the write that adds it; a line recorded already fails the whole statement.
 */
export async function addPosition(
  db: Db | Tx,
  s: Situation,
  modificationId: number,
  quantity: number,
  confirmedPrice: number | null,
  receipt: UpdateReceipt | undefined,
  applies?: AppliedLine,
): Promise<Changed | Refusal> {
  const days = cachesOf(db).days;
  const moments = paceAt(s.now);
  const reading = { ...audienceOf(s.client), modificationId, day: s.day };
  const kept = await staticOf(db, modificationId);
  const notFound: Refusal = { ok: false, code: "not_found", message: TEXT.notFound };
  if (!kept) return applies ? notFound : refusedTry(db, s, receipt, notFound);
  /** The count of changes when the pace refused the write: unchanged on a new reading, the pace refused it. */
  let refusedAt: number | undefined;
  /** The bot's update, until a statement of this add has recorded it (a refused try judged again does). */
  const unrecorded = () => (receipt && !receipt.recorded ? receipt : undefined);
  for (let readings = 0; readings < MAX_READINGS; readings++) {
    const known = days.get(s.client.id, s.day) ?? (await readDayOrder(db, s.client.id, s.day));
    if (known.changes === refusedAt) return tooFast;
    const w = addWeighing(s, modificationDataOf(kept, UNKNOWN, UNKNOWN, s.client), known.order, quantity);
    const judged = weigh(w);
    if (!judged.ok || priceChanged(w, judged.tier, confirmedPrice)) {
      const recording = unrecorded();
      const tried = await (applies
        ? triedStatements.unpaced
        : recording
          ? triedStatements.recording
          : triedStatements.alone
      ).run(db, {
        ...moments,
        ...reading,
        updateId: recording?.updateId ?? 0,
      });
      if (tried.recorded) recording?.committed();
      const fresh = tapReadOf(db, s.client, s.day, tried.read, kept);
      if (!tried.allowed) return tooFast;
      if (!fresh.modification) return notFound;
      const again = judgeAtPrice(addWeighing(s, fresh.modification, fresh.order, quantity), confirmedPrice);
      if (!again.ok) return again;
      // What this process kept of the day was stale: the add is judged again on the fresh reading.
      continue;
    }
    const { tier } = judged;
    const current = w.current;
    const name = nameOfKept(kept);
    const entryId = w.modification.exclusive?.id ?? null;
    const recording = unrecorded();
    const written = await addStatement({
      order: known.order.orderId === null ? "open" : "touch",
      position: current ? "grow" : "insert",
      exclusive: entryId !== null,
      recorded: recording !== undefined,
      applies: applies !== undefined,
      restricted: kept.restricted,
    })
      .run(db, {
        ...moments,
        ...reading,
        clientType: s.client.clientType,
        seen: known.changes,
        updateId: recording?.updateId ?? 0,
        sendId: applies?.sendId ?? 0,
        place: applies?.place ?? 0,
        line: applies?.line ?? 0,
        delta: quantity,
        name,
        price: tier.price,
        currencyId: tier.currencyId,
        total: w.total,
        orderId: known.order.orderId ?? 0,
        positionId: current?.id ?? 0,
        held: current?.quantity ?? 0,
        entryId: entryId ?? 0,
      })
      .catch((error: unknown) => {
        if (applies && recordedAlready(error)) throw new LineAlreadyApplied(applies);
        throw error;
      });
    if (!written.paced) {
      days.forget(s.client.id);
      refusedAt = known.changes;
      continue;
    }
    if (recording && !written.recorded) throw new UpdateAlreadyHandled(recording.updateId);
    recording?.committed();
    if (!written.visible) return { ok: false, code: "not_found", message: TEXT.notFound };
    if (!written.stockLocked || !written.poolLocked) return movedAway(db, s, w, kept, written);
    if (written.positionId === null || written.orderId === null) {
      // Staff changed the order or the position meanwhile: the add is judged again on a new reading.
      days.forget(s.client.id);
      continue;
    }
    const positions = withAdded(known.order.positions, addedRow(w, tier, name, written.positionId), current);
    const order = { orderId: written.orderId, positions };
    // The write was the one change of the client's positions since the reading: the count moved by one.
    days.set(s.client.id, { day: s.day, order, changes: known.changes + 1 });
    return { positionId: written.positionId, order };
  }
  throw new Error(`the add was overtaken by other changes of the client's order ${MAX_READINGS} times`);
}

/** A try refused before any reading (the modification is gone, or never was) still spends the client's pace. */
async function refusedTry(
  db: Db | Tx,
  s: Situation,
  receipt: UpdateReceipt | undefined,
  refusal: Refusal,
): Promise<Refusal> {
  const allowed = await spendChange(db, s.client.id, s.now, receipt);
  return allowed ? refusal : tooFast;
}

const readStockAndPool = fixedStatement<{ modificationId: number; entryId: number }, StockAndPool>(
  (v) => sql`select json_build_object(
      'stock', (select quantity from ${modifications} where ${modifications.id} = ${v.modificationId}::int),
      'pool', (select quantity from ${exclusives} where ${exclusives.id} = ${v.entryId}::int)) as r`,
);
type StockAndPool = { stock: number | null; pool: number | null };

/**
 * The stock (or the exclusive pool) did not hold the units: the refusal says what is possible now, with the
 * card, judged on the figures the write found. A pool whose snapshot still showed enough (other orders took
 * the units between the snapshot and the lock) is read again.
 */
export async function movedAway(
  db: Db | Tx,
  s: Situation,
  w: Weighing,
  kept: ModificationStatic,
  written: Pick<Written, "stockLocked" | "stock" | "pool">,
): Promise<Refusal> {
  const delta = w.total - (w.current?.quantity ?? 0);
  const entryId = w.modification.exclusive?.id ?? null;
  const { stock, pool }: StockAndPool =
    !written.stockLocked || (written.pool !== null && written.pool < delta)
      ? written
      : await readStockAndPool.run(db, { modificationId: w.modification.id, entryId: entryId ?? 0 });
  const fresh: ModificationData = modificationDataOf(
    kept,
    Math.max(0, stock ?? 0),
    Math.max(0, pool ?? 0),
    s.client,
  );
  const weighed = { ...w, modification: fresh };
  const refusal =
    !written.stockLocked || entryId === null
      ? movedRefusal(weighed, fresh, "out_of_stock", OUT_OF_STOCK)
      : movedRefusal(
          weighed,
          fresh,
          "exclusive_limit",
          "Лимит эксклюзивного товара: больше заказать нельзя.",
        );
  return withCard(weighed, refusal);
}
