import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { fixedStatement } from "../../../db/fixed-statement.ts";
import { modifications } from "../../../db/schema/index.ts";
import type { DayOrder, DayRow, ModificationStatic } from "../rules/kept-rows.ts";
import { TEXT } from "../rules/messages.ts";
import { addedRow, addWeighing, priceChanged, type Situation, weigh, withAdded } from "../rules/weighing.ts";
import { type AppliedLine, LineAlreadyApplied, type Refusal } from "../types.ts";
import { addPosition, movedAway, UNKNOWN } from "./add-position.ts";
import {
  after,
  appliedParts,
  dayOrderPart,
  positionPart,
  recordedAlready,
  stockTakenPart,
  visiblePart,
} from "./add-statement-parts.ts";
import { modificationDataOf, nameOfKept, staticOf } from "./modification-data.ts";
import { clientPace, type PaceMoments, paceAt } from "./order-rate.ts";
import { cachesOf } from "./ordering-cache.ts";
import type { Changed } from "./positions.ts";
import { readDayOrder } from "./today-order.ts";
import { audienceOf } from "./visibility.ts";

/** A prepared list's line to add: what it asks, the price the client confirmed, and its place in the send. */
export type ListedLine = {
  modificationId: number;
  quantity: number;
  confirmedPrice: number | null;
  applies: AppliedLine;
};

/** A line's outcome: added, refused, or found applied by an earlier statement (nothing written). */
export type LineOutcome = Changed | Refusal | LineAlreadyApplied;

type LineShape = { position: "insert" | "grow"; restricted: boolean };
type BatchShape = { order: "open" | "touch"; lines: LineShape[] };
/** The values every line shares; a line's own are named with its index (`modificationId0`, `delta1`, …). */
type BatchValues = PaceMoments &
  ReturnType<typeof audienceOf> & {
    seen: number;
    clientType: number;
    day: string;
    orderId: number;
    sendId: number;
    /** Every line's modification, as a PostgreSQL array literal. */
    ids: string;
    [lineValue: `${string}${number}`]: unknown;
  };
type BatchWritten = {
  paced: boolean;
  lines: {
    visible: boolean;
    locked: boolean;
    positionId: number | null;
    orderId: number | null;
    /** The stock as the line's lock found it. */
    stock: number | null;
  }[];
};

/**
 * Several lines in one statement, a transaction by itself: the client's row taken while their count of changes
 * is unchanged (as one add's statement asks; no pace is spent: the send spent the client's one change), then
 * for each line
 * on its own the modification seen by the client, its stock's row locked with enough units, the position
 * written (the day's order opened or marked changed with the first line that holds), the stock taken and the
 * line recorded. Lines go ahead independently: each was judged on the order with every line before it
 * (addLines), and a line none of whose rules is an exclusive's only loosens when a line before it is not
 * written (its stock, hand limit and price are its own; the total limit counts what the others spend).
 */
function buildBatch({ order, lines }: BatchShape) {
  return fixedStatement<BatchValues, BatchWritten>((v) => {
    // A line's value is spelt as a placeholder of its own name; its type is what the SQL casts it to.
    const at = (name: string, i: number) => sql.placeholder(`${name}${i}`);
    const named = (prefix: string, i: number) => sql.raw(`${prefix}${i}`);
    const ctes: SQL[] = [sql`pace as (${clientPace(v, { paced: false, seen: v.seen })})`];
    // Every line's stock row locked at once, in the order of their ids, so that two batches (or a batch and a
    // tap) wanting the same rows never wait on each other in a circle; FOR UPDATE reads each row as it stands
    // after any other write, so a line is written or refused on the latest stock.
    ctes.push(sql`locks as (select ${modifications.id}, ${modifications.quantity} from ${modifications}
      where ${modifications.id} = any(${v.ids}::int[]) and ${after("pace")}
      order by ${modifications.id} for update)`);
    lines.forEach((line, i) => {
      ctes.push(sql`${named("visible", i)} as (${visiblePart(v, at("modificationId", i), line.restricted)})`);
      ctes.push(sql`${named("lock", i)} as (select quantity from locks
        where id = ${at("modificationId", i)}::int and quantity >= ${at("delta", i)}::int
          and ${after(`visible${i}`)})`);
    });
    const anyLocked = sql.join(
      lines.map((_, i) => after(`lock${i}`)),
      sql` or `,
    );
    ctes.push(sql`day_order as (${dayOrderPart(order, v, sql`(${anyLocked})`)})`);
    lines.forEach((line, i) => {
      const values = {
        modificationId: at("modificationId", i),
        name: at("name", i),
        price: at("price", i),
        currencyId: at("currencyId", i),
        total: at("total", i),
        positionId: at("positionId", i),
        held: at("held", i),
        now: v.now,
      };
      ctes.push(sql`${named("position", i)} as (${positionPart(line.position, values, after(`lock${i}`))})`);
      ctes.push(
        sql`${named("taken", i)} as (${stockTakenPart(at("modificationId", i), at("delta", i), `position${i}`)})`,
      );
      ctes.push(
        ...appliedParts(
          v,
          { place: at("place", i), line: at("line", i), delta: at("delta", i) },
          { position: `position${i}`, applied: `applied${i}` },
        ),
      );
    });
    const outcomes = lines.map(
      (_, i) => sql`json_build_object('visible', ${after(`visible${i}`)}, 'locked', ${after(`lock${i}`)},
        'positionId', (select id from ${named("position", i)}),
        'orderId', (select order_id from ${named("position", i)}),
        'stock', (select quantity from locks where id = ${at("modificationId", i)}::int))`,
    );
    return sql`with ${sql.join(ctes, sql`, `)}
      select json_build_object('paced', ${after("pace")},
        'lines', json_build_array(${sql.join(outcomes, sql`, `)})) as r`;
  });
}

/**
 * Lines in one statement at most: a statement's text grows with its lines (26 kB at ten), and so does the number
 * of shapes a process may build.
 */
const BATCH_LINES = 10;

/**
 * Shapes whose statement this process keeps built. A shape is four kinds a line (2 to 10 lines): more than a
 * million in principle, at up to 26 kB of text each, so a shape met after these is built for its call, as a
 * connection runs a text beyond its prepared ones unnamed (PREPARED_PER_CONNECTION).
 */
export const KEPT_BATCH_SHAPES = 100;
const batches = new Map<string, ReturnType<typeof buildBatch>>();
export function batchStatement(shape: BatchShape) {
  const key = `${shape.order}:${shape.lines.map((l) => `${l.position}/${l.restricted}`).join(",")}`;
  let statement = batches.get(key);
  if (!statement) {
    statement = buildBatch(shape);
    if (batches.size < KEPT_BATCH_SHAPES) batches.set(key, statement);
  }
  return statement;
}

/**
 * A prepared list's lines added in order, each judged by the rules as a tap is (addPosition), on the order the
 * lines before it leave: consecutive lines the rules accept on what this process keeps go in one statement
 * (buildBatch), each written or refused by its stock on its own. A line the rules refuse, an exclusive one
 * (its allowance counts the brand's other goods), one of a modification already in the batch, and one the
 * statement found moved (staff changed its position or the order) go alone through addPosition, which judges
 * them afresh; so does every line when the client's order moved since this process read it.
 */
export async function addLines(db: Db | Tx, s: Situation, lines: ListedLine[]): Promise<LineOutcome[]> {
  const days = cachesOf(db).days;
  const outcomes: LineOutcome[] = [];
  const alone = async (line: ListedLine): Promise<LineOutcome> => {
    try {
      return await addPosition(
        db,
        s,
        line.modificationId,
        line.quantity,
        line.confirmedPrice,
        undefined,
        line.applies,
      );
    } catch (error) {
      if (error instanceof LineAlreadyApplied) return error;
      throw error;
    }
  };
  let next = 0;
  while (next < lines.length) {
    const known = days.get(s.client.id, s.day) ?? (await readDayOrder(db, s.client.id, s.day));
    const batch = await judgedBatch(db, s, known.order, lines.slice(next, next + BATCH_LINES));
    if (batch.length < 2) {
      outcomes.push(await alone(lines[next] as ListedLine));
      next++;
      continue;
    }
    let written: BatchWritten;
    try {
      written = await batchStatement({
        order: known.order.orderId === null ? "open" : "touch",
        lines: batch.map((b) => ({ position: b.grown ? "grow" : "insert", restricted: b.kept.restricted })),
      }).run(db, batchValues(s, known, batch));
    } catch (error) {
      // A line recorded already (a send cut off and sent again): each goes alone, and says which it was.
      if (!recordedAlready(error)) throw error;
      for (const { line } of batch) outcomes.push(await alone(line));
      next += batch.length;
      continue;
    }
    if (!written.paced) {
      // The client's order moved since the reading: the first goes alone, judged afresh.
      days.forget(s.client.id);
      outcomes.push(await alone(lines[next] as ListedLine));
      next++;
      continue;
    }
    // The order as the statement left it, line by line: what each line's answer and refusal are judged on.
    let order = known.order;
    let changes = known.changes;
    const answers: (LineOutcome | null)[] = [];
    for (const [i, { line, kept, row, grown }] of batch.entries()) {
      const outcome = written.lines[i];
      if (outcome && outcome.positionId !== null && outcome.orderId !== null) {
        const positions = withAdded(order.positions, { ...row, id: outcome.positionId }, grown);
        order = { orderId: outcome.orderId, positions };
        changes++;
        answers.push({ positionId: outcome.positionId, order });
      } else if (outcome && !outcome.visible) {
        answers.push({ ok: false, code: "not_found", message: TEXT.notFound });
      } else if (outcome && !outcome.locked) {
        const w = addWeighing(s, modificationDataOf(kept, UNKNOWN, UNKNOWN, s.client), order, line.quantity);
        answers.push(
          await movedAway(db, s, w, kept, { stockLocked: false, stock: outcome.stock, pool: null }),
        );
      } else answers.push(null);
    }
    // The write was the one change of the client's positions since the reading, one for each line written.
    days.set(s.client.id, { day: s.day, order, changes });
    for (const [i, answer] of answers.entries())
      outcomes.push(answer ?? (await alone(batch[i]?.line as ListedLine)));
    next += batch.length;
  }
  return outcomes;
}

/** A line the rules accept: its position as the add leaves it, and the «Добавлен» one it grows, if any. */
type Judged = { line: ListedLine; kept: ModificationStatic; row: DayRow; grown: DayRow | null };

/**
 * The lines from the first on that the rules accept on the kept reading, each on the order the ones before it
 * would leave, up to the first that goes alone (see addLines).
 */
async function judgedBatch(
  db: Db | Tx,
  s: Situation,
  start: DayOrder,
  lines: ListedLine[],
): Promise<Judged[]> {
  const batch: Judged[] = [];
  let order = start;
  for (const line of lines) {
    if (batch.some((b) => b.line.modificationId === line.modificationId)) break;
    const kept = await staticOf(db, line.modificationId);
    if (!kept || kept.isExclusive) break;
    const w = addWeighing(s, modificationDataOf(kept, UNKNOWN, UNKNOWN, s.client), order, line.quantity);
    const judged = weigh(w);
    if (!judged.ok || priceChanged(w, judged.tier, line.confirmedPrice)) break;
    // A new position's id is the write's; until then the place it will take.
    const row = addedRow(w, judged.tier, nameOfKept(kept), w.current?.id ?? -1 - batch.length);
    batch.push({ line, kept, row, grown: w.current });
    order = { orderId: order.orderId, positions: withAdded(order.positions, row, w.current) };
  }
  return batch;
}

function batchValues(
  s: Situation,
  known: { order: DayOrder; changes: number },
  batch: Judged[],
): BatchValues {
  const values: BatchValues = {
    ...paceAt(s.now),
    ...audienceOf(s.client),
    seen: known.changes,
    clientType: s.client.clientType,
    day: s.day,
    orderId: known.order.orderId ?? 0,
    sendId: batch[0]?.line.applies.sendId ?? 0,
    ids: `{${batch.map((b) => b.line.modificationId).join(",")}}`,
  };
  for (const [i, { line, row, grown }] of batch.entries())
    Object.assign(values, {
      [`modificationId${i}`]: line.modificationId,
      [`delta${i}`]: line.quantity,
      [`name${i}`]: row.name,
      [`price${i}`]: row.price,
      [`currencyId${i}`]: row.currencyId,
      [`total${i}`]: row.quantity,
      [`positionId${i}`]: grown?.id ?? 0,
      [`held${i}`]: grown?.quantity ?? 0,
      [`place${i}`]: line.applies.place,
      [`line${i}`]: line.applies.line ?? 0,
    });
  return values;
}
