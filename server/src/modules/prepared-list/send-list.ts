import type { TMiniAppPosition, TPreparedListLineResult, TPreparedListSent } from "@wholesale/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { fixedStatement, type Placeholders } from "../../db/fixed-statement.ts";
import { preparedListApplied, preparedListLines, preparedListSends } from "../../db/schema/index.ts";
import { conflict } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import type { MarketState } from "../market/index.ts";
import { createMiniAppService, orderOf } from "../miniapp/index.ts";
import {
  createOrderingService,
  type DayRead,
  dayReadColumn,
  LineAlreadyApplied,
  type ListView,
  ORDER_RATE,
  type TodayOrder,
  todayOrderOf,
} from "../ordering/index.ts";
import { type Answer, closedAnswer } from "./answers.ts";

/**
 * A line as it was sent: what it asks, and the unit price in kopecks the client confirmed for it (or null).
 * A repeated order's line carries the name its position had; a list's line is named from the catalogue when it
 * is answered (names: the modification's kept data, no round trip), so the send's record is made from the list
 * in the statement that makes it.
 */
export type SentLine = {
  /** The list's line it came from; null for a repeated order sent at once. */
  line: number | null;
  modificationId: number;
  name?: string;
  quantity: number;
  priceKopecks: number | null;
};

/** What a send applies: the client's list as it stands when the send's record is made, or the lines given. */
export type SentSource = "list" | SentLine[];

const LIST_EMPTY = "Список пуст: добавьте в него товары.";

/** How long a send's key is kept: a lost answer is asked again within moments, not days. */
const KEPT_DAYS = 7;

/**
 * A line the client's pace refused (the ordering service's allowance of changes) waits one interval and is
 * tried again, this many times at most: a list longer than the allowance's burst goes at the allowance's pace
 * rather than being refused, and goes no faster than taps would.
 */
const PACE_TRIES = 3;
const PACE_WAIT_MS = 1000 / ORDER_RATE.perSecond;

type StoredSend = { id: number; lines: SentLine[]; answers: TPreparedListLineResult[] };
type RecordValues = { clientId: number; key: string; kept: string; now: string; lines: string };

/**
 * A new key's record made from `source` and the client's records older than KEPT_DAYS removed, in one
 * statement; a key used before (a repeated send, or one at the same moment) keeps its record (`send` null).
 * `empty`: the source had no line; an empty list makes no record (`whole`: a repeated order's lines do).
 */
const recordStatement = (source: (v: Placeholders<RecordValues>) => SQL, { whole }: { whole: boolean }) =>
  fixedStatement<RecordValues, { send: StoredSend | null; empty: boolean }>(
    (v) => sql`with gone as (delete from ${preparedListSends}
        where ${preparedListSends.clientId} = ${v.clientId}::int and ${preparedListSends.createdAt} < ${v.kept}::timestamptz),
      source as (${source(v)}),
      made as (insert into ${preparedListSends} (client_id, key, lines, created_at)
        select ${v.clientId}::int, ${v.key}::text, lines, ${v.now}::timestamptz from source
        ${whole ? sql`` : sql`where jsonb_array_length(lines) > 0`}
        on conflict do nothing returning id, lines, answers)
      select json_build_object('send', (select row_to_json(made) from made),
        'empty', (select jsonb_array_length(lines) = 0 from source)) as r`,
  );

const recordOf = {
  // The list's lines in its order; a confirmed price (numeric with two decimals) is exact in kopecks.
  list: recordStatement(
    (v) => sql`select coalesce(jsonb_agg(jsonb_build_object('line', ${preparedListLines.id},
        'modificationId', ${preparedListLines.modificationId}, 'quantity', ${preparedListLines.quantity},
        'priceKopecks', (${preparedListLines.confirmedPrice} * 100)::bigint)
        order by ${preparedListLines.place}, ${preparedListLines.id}), '[]'::jsonb) as lines
      from ${preparedListLines} where ${preparedListLines.clientId} = ${v.clientId}::int`,
    { whole: false },
  ),
  lines: recordStatement((v) => sql`select ${v.lines}::jsonb as lines`, { whole: true }),
};

/**
 * Sends lines under the client's idempotency key, in order, through the Mini App's adds of a list (every rule of
 * the ordering service a tap meets, line by line, the confirmed price, the pace; several lines in one statement
 * where the rules allow: ordering's add-lines.ts), each recording its line with its position (applyLines); then
 * the answers are appended to the send's record in one statement, which also reads the order the send answers
 * with (recordAnswers). A send with a key already used
 * applies only the lines not answered yet (none, unless the first send was cut off midway) and answers every
 * line as it was answered: nothing is added twice, since a line's add fails whole once the line is recorded.
 * Two sends with one key at once: each line is added by one of them, and one set of answers is written.
 *
 * The market is checked first, for the list as a whole: closed for the client, nothing is applied. A list's
 * send costs its adds (one statement for the lines that go together) and two statements: the record made from
 * the list, and the answers with the order.
 */
export async function sendLines({
  on,
  clock,
  clientId,
  key,
  market,
  view,
  source,
}: {
  on: Db | Tx;
  clock: Clock;
  clientId: number;
  key: string;
  market: MarketState;
  view: ListView;
  source: SentSource;
}): Promise<Answer<TPreparedListSent>> {
  let send: StoredSend | undefined;
  if (!market.open) {
    // A send with this key made while the market was open is answered as it was; a new one is refused whole.
    send = await findSend(on, clientId, key);
    if (!send) return closedAnswer(market, clock);
  } else {
    // A key last used before KEPT_DAYS meets its old record on the insert as that record goes: the second try
    // makes it anew. A list emptied by this key's own send answers as that send was answered.
    const now = clock.now();
    const values = {
      clientId,
      key,
      kept: new Date(now.getTime() - KEPT_DAYS * 86_400_000).toISOString(),
      now: now.toISOString(),
      lines: source === "list" ? "[]" : JSON.stringify(source),
    };
    for (let tries = 0; !send && tries < 2; tries++) {
      const made = await (source === "list" ? recordOf.list : recordOf.lines).run(on, values);
      send = made.send ?? (await findSend(on, clientId, key));
      if (!send && made.empty) throw conflict(LIST_EMPTY);
    }
    if (!send) throw new Error("the send's record is missing");
  }
  const { id } = send;
  const lines = await named(send.lines, on, view);
  let answers = send.answers;
  let order: TodayOrder | undefined;
  // Answers are written once, for every line this delivery applied: a line's add is recorded by its own
  // statement, so until then a cut-off send loses no add (repeated, the line is answered from its record), only
  // refusals, which are judged again. A write refused (another delivery wrote first, or a line refused here was
  // added by another delivery) reads the record again, and the next round answers refusals from add records.
  for (let round = 0; answers.length < lines.length; round++) {
    const fresh = await applyLines(
      on,
      clock,
      clientId,
      id,
      answers.length,
      lines.slice(answers.length),
      round > 0,
    );
    const day = businessDay(clock.now());
    const written = await recordAnswers(
      on,
      { clientId, sendId: id, from: answers.length, lines, day },
      fresh,
    );
    if (written.recorded) {
      answers = [...answers, ...fresh];
      order = todayOrderOf(on, clientId, day, view.showPrices, written.day);
      break;
    }
    answers = (await findSend(on, clientId, key))?.answers ?? answers;
  }
  order ??= await createOrderingService({ db: on, clock }).todayOrder(clientId);
  return { ok: true, value: { results: answers, order: orderOf(order) } };
}

/** A line with its name: as sent, or the catalogue's. */
type NamedLine = SentLine & { name: string };

async function named(lines: SentLine[], on: Db | Tx, view: ListView): Promise<NamedLine[]> {
  const unnamed = lines.flatMap((l) => (l.name === undefined ? [l.modificationId] : []));
  const names = unnamed.length > 0 ? await view.names(unnamed, on) : new Map<number, string>();
  return lines.map((l) => ({ ...l, name: l.name ?? names.get(l.modificationId) ?? "" }));
}

/** What every answer of a line repeats of the line as it was sent. */
type LineHead = { line: number | null; modification: number; name: string; quantity: number };

async function findSend(on: Db | Tx, clientId: number, key: string): Promise<StoredSend | undefined> {
  const [found] = await on
    .select({ id: preparedListSends.id, lines: preparedListSends.lines, answers: preparedListSends.answers })
    .from(preparedListSends)
    .where(and(eq(preparedListSends.clientId, clientId), eq(preparedListSends.key, key)));
  return found as StoredSend | undefined;
}

/**
 * Lines applied in order from `from` on: the Mini App's adds of a list (the ordering service's addPositions:
 * every rule of a tap, line by line, several lines a statement where the rules allow), each recording its line
 * with the position it writes (prepared_list_applied). A line found recorded (an earlier delivery of this send
 * added it and was cut off before its answers, or another send with the key added it just now) is answered from
 * its record; a line the pace refused is applied again after a wait, up to PACE_TRIES tries; with `recorded`, a
 * refused line another delivery added is answered from that add's record.
 */
async function applyLines(
  on: Db | Tx,
  clock: Clock,
  clientId: number,
  sendId: number,
  from: number,
  lines: NamedLine[],
  recorded: boolean,
  tries = 1,
): Promise<TPreparedListLineResult[]> {
  const outcomes = await createMiniAppService({ db: on, clock }).addLines(
    clientId,
    sendId,
    from,
    lines.map((line) => ({
      modification: line.modificationId,
      quantity: line.quantity,
      price_kopecks: line.priceKopecks,
    })),
  );
  const answers: TPreparedListLineResult[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    const line = lines[i] as NamedLine;
    const place = from + i;
    const head: LineHead = {
      line: line.line,
      modification: line.modificationId,
      name: line.name,
      quantity: line.quantity,
    };
    if (outcome instanceof LineAlreadyApplied) {
      const applied = await appliedAnswer(on, clock, clientId, sendId, place, head);
      if (!applied) throw new Error(`line ${place} of send ${sendId} is recorded as applied but not found`);
      answers.push(applied);
    } else if (outcome.ok) answers.push(addedAnswer(head, outcome.value));
    else if (outcome.refusal.code === "too_fast" && tries < PACE_TRIES) {
      await new Promise((resolve) => setTimeout(resolve, PACE_WAIT_MS));
      answers.push(...(await applyLines(on, clock, clientId, sendId, place, [line], recorded, tries + 1)));
    } else {
      const applied = recorded && (await appliedAnswer(on, clock, clientId, sendId, place, head));
      answers.push(applied || { status: "refused", ...head, refusal: outcome.refusal });
    }
  }
  return answers;
}

type AnswersValues = {
  clientId: number;
  sendId: number;
  from: number;
  answers: string;
  refused: string;
  addedLines: string;
  day: string;
};

/**
 * Appends the answers of the lines from `from` on to the send's record, while none of them is answered yet and
 * no line answered here as refused has an add recorded, and takes the added lines off the list; reads the
 * client's day with it (ordering's dayReadColumn: the order the send answers with, every add of it committed).
 */
const answersStatement = fixedStatement<AnswersValues, { recorded: boolean; day: DayRead }>(
  (v) => sql`with recorded as (update ${preparedListSends}
      set answers = ${preparedListSends.answers} || ${v.answers}::jsonb
      where ${preparedListSends.id} = ${v.sendId}::int
        and jsonb_array_length(${preparedListSends.answers}) = ${v.from}::int
        and not exists (select 1 from ${preparedListApplied} where ${preparedListApplied.sendId} = ${v.sendId}::int
          and ${preparedListApplied.place} = any(${v.refused}::int[]))
      returning 1),
    listed as (delete from ${preparedListLines}
      where ${preparedListLines.clientId} = ${v.clientId}::int
        and ${preparedListLines.id} = any(${v.addedLines}::int[]) and exists (select 1 from recorded))
    select json_build_object('recorded', exists (select 1 from recorded),
      'day', ${dayReadColumn(v.clientId, v.day)}) as r`,
);

/** Whether the answers were written (answersStatement), and the client's day as the statement read it. */
function recordAnswers(
  on: Db | Tx,
  at: { clientId: number; sendId: number; from: number; lines: SentLine[]; day: string },
  answers: TPreparedListLineResult[],
): Promise<{ recorded: boolean; day: DayRead }> {
  const places = (status: TPreparedListLineResult["status"]) =>
    answers.flatMap((a, i) => (a.status === status ? [at.from + i] : []));
  const addedLines = places("added").flatMap((place) => {
    const line = at.lines[place]?.line;
    return line === null || line === undefined ? [] : [line];
  });
  return answersStatement.run(on, {
    clientId: at.clientId,
    sendId: at.sendId,
    from: at.from,
    answers: JSON.stringify(answers),
    refused: `{${places("refused").join(",")}}`,
    addedLines: `{${addedLines.join(",")}}`,
    day: at.day,
  });
}

/** The answer of a line an add applied (its position as the client sees it now), or undefined: none did. */
async function appliedAnswer(
  on: Db | Tx,
  clock: Clock,
  clientId: number,
  sendId: number,
  place: number,
  head: LineHead,
): Promise<TPreparedListLineResult | undefined> {
  const [applied] = await on
    .select({ positionId: preparedListApplied.positionId })
    .from(preparedListApplied)
    .where(and(eq(preparedListApplied.sendId, sendId), eq(preparedListApplied.place, place)));
  if (!applied) return undefined;
  const order = orderOf(await createOrderingService({ db: on, clock }).todayOrder(clientId));
  const position = order.positions.find((p) => p.id === applied.positionId);
  // A position staff deleted since is still the line's: named as the line was.
  return addedAnswer(
    head,
    position ?? { id: applied.positionId, name: head.name, price: null, currency_sign: "" },
  );
}

/** A line's answer as added, into `position` (as the client sees it: no price when not shown prices). */
const addedAnswer = (
  head: LineHead,
  position: Pick<TMiniAppPosition, "id" | "name" | "price" | "currency_sign">,
): TPreparedListLineResult => ({
  status: "added",
  ...head,
  name: position.name,
  price: position.price,
  currency_sign: position.currency_sign,
  position: position.id,
});
