import {
  PREPARED_LIST_MAX_LINES,
  type TMiniAppPosition,
  type TPreparedListLineResult,
  type TPreparedListSent,
} from "@wholesale/contract";
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
  type DayRead,
  dayReadColumn,
  LineAlreadyApplied,
  type ListView,
  type OrderingService,
  type TodayOrder,
  todayOrderOf,
} from "../ordering/index.ts";
import { type Answer, closedAnswer } from "./answers.ts";

/**
 * A line as it was sent: the client's list line it came from, what it asks, and the unit price in kopecks the
 * client confirmed for it (or null). Lines are named from the catalogue when they are answered (names: the
 * modification's kept data, no round trip), so the send's record is made from the list in the statement that
 * makes it.
 */
export type SentLine = {
  line: number;
  modificationId: number;
  quantity: number;
  priceKopecks: number | null;
};

/**
 * What a send applies: the client's whole list as it stands when the send's record is made, or the lines of it
 * holding the given modifications (a repeated order put into the list and sent at once).
 */
export type SentSource = "list" | { modifications: number[] };

const LIST_EMPTY = "Список пуст: добавьте в него товары.";
const TOO_LONG = `В списке больше ${PREPARED_LIST_MAX_LINES} строк: удалите лишние и отправьте снова.`;

/** How long a send's key is kept: a lost answer is asked again within moments, not days. */
const KEPT_DAYS = 7;

type StoredSend = { id: number; lines: SentLine[]; answers: TPreparedListLineResult[] };
type RecordValues = {
  clientId: number;
  key: string;
  kept: string;
  now: string;
  /** The modifications a repeated order's send takes from the list, as a PostgreSQL array literal. */
  modifications: string;
};

/**
 * A new key's record made from the list's lines `which` selects, and the client's records older than KEPT_DAYS
 * removed, in one statement; a key used before (a repeated send, or one at the same moment) keeps its record
 * (`send` null). `lines`: how many lines the source had. An empty list makes no record (`whole`: a repeated
 * order's send does, as its answer), nor does one longer than the list may be.
 */
const recordStatement = (which: (v: Placeholders<RecordValues>) => SQL, { whole }: { whole: boolean }) =>
  fixedStatement<RecordValues, { send: StoredSend | null; lines: number }>(
    (v) => sql`with gone as (delete from ${preparedListSends}
        where ${preparedListSends.clientId} = ${v.clientId}::int and ${preparedListSends.createdAt} < ${v.kept}::timestamptz),
      source as (select coalesce(jsonb_agg(jsonb_build_object('line', ${preparedListLines.id},
          'modificationId', ${preparedListLines.modificationId}, 'quantity', ${preparedListLines.quantity},
          'priceKopecks', (${preparedListLines.confirmedPrice} * 100)::bigint)
          order by ${preparedListLines.place}, ${preparedListLines.id}), '[]'::jsonb) as lines
        from ${preparedListLines} where ${preparedListLines.clientId} = ${v.clientId}::int and ${which(v)}),
      made as (insert into ${preparedListSends} (client_id, key, lines, created_at)
        select ${v.clientId}::int, ${v.key}::text, lines, ${v.now}::timestamptz from source
        where jsonb_array_length(lines) <= ${sql.raw(String(PREPARED_LIST_MAX_LINES))}
          ${whole ? sql`` : sql`and jsonb_array_length(lines) > 0`}
        on conflict do nothing returning id, lines, answers)
      select json_build_object('send', (select row_to_json(made) from made),
        'lines', (select jsonb_array_length(lines) from source)) as r`,
  );

const recordOf = {
  // A confirmed price (numeric with two decimals) is exact in kopecks.
  list: recordStatement(() => sql`true`, { whole: false }),
  listed: recordStatement((v) => sql`${preparedListLines.modificationId} = any(${v.modifications}::int[])`, {
    whole: true,
  }),
};

/**
 * Sends lines of the client's list under the client's idempotency key, in order, through the Mini App's adds of a
 * list (every rule of the ordering service a tap meets, line by line, the confirmed price; the send is one change
 * of the client's pace, whatever its length; several lines in one statement where the rules allow: ordering's
 * add-lines.ts), each recording its line with its position and taking it off the list (applyLines); then the
 * answers are appended to the send's record in one statement, which also reads the order the send answers with
 * (recordAnswers).
 *
 * A list's line is added once, whatever sends it: its add's record is keyed by the line itself, so a send with a
 * key already used (a lost answer, a restart midway) applies only the lines not answered yet, and a send under any
 * other key (the Mini App opened again, the bot's button and the Mini App at once) finds the lines added already
 * off the list, or, when it copied them before they left, answers them as added from their record. Two sends at
 * once: each line is added by one of them, and each send writes its own answers.
 *
 * The market is checked first, for the list as a whole: closed for the client, nothing is applied. A list's send
 * costs its adds (one statement for the lines that go together) and two statements: the record made from the
 * list, and the answers with the order.
 */
export async function sendLines({
  on,
  clock,
  ordering,
  clientId,
  key,
  market,
  view,
  source,
}: {
  on: Db | Tx;
  clock: Clock;
  /** The ordering service handed to the lists: the send's adds are its, on `on`. */
  ordering: OrderingService;
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
      modifications: source === "list" ? "{}" : `{${source.modifications.join(",")}}`,
    };
    for (let tries = 0; !send && tries < 2; tries++) {
      const made = await (source === "list" ? recordOf.list : recordOf.listed).run(on, values);
      send = made.send ?? (await findSend(on, clientId, key));
      if (!send && made.lines > PREPARED_LIST_MAX_LINES) throw conflict(TOO_LONG);
      if (!send && made.lines === 0 && source === "list") throw conflict(LIST_EMPTY);
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
  // added by another send) reads the record again, and the next round answers refusals from add records.
  for (let round = 0; answers.length < lines.length; round++) {
    const fresh = await applyLines(
      on,
      ordering,
      clientId,
      id,
      answers.length,
      lines.slice(answers.length),
      round > 0,
    );
    // Refused whole (beyond the client's pace, the market closed meanwhile): nothing was added, nothing answered.
    if (!fresh.ok) return fresh;
    const day = businessDay(clock.now());
    const written = await recordAnswers(
      on,
      { clientId, sendId: id, from: answers.length, lines, day },
      fresh.value,
    );
    if (written.recorded) {
      answers = [...answers, ...fresh.value];
      order = todayOrderOf(on, clientId, day, view.showPrices, written.day);
      break;
    }
    answers = (await findSend(on, clientId, key))?.answers ?? answers;
  }
  order ??= await ordering.on({ db: on }).todayOrder(clientId);
  return { ok: true, value: { results: answers, order: orderOf(order) } };
}

/** A line with its name, the catalogue's. */
type NamedLine = SentLine & { name: string };

async function named(lines: SentLine[], on: Db | Tx, view: ListView): Promise<NamedLine[]> {
  const names =
    lines.length > 0 ? await view.names([...new Set(lines.map((l) => l.modificationId))], on) : null;
  return lines.map((l) => ({ ...l, name: names?.get(l.modificationId) ?? "" }));
}

/** What every answer of a line repeats of the line as it was sent. */
type LineHead = { line: number; modification: number; name: string; quantity: number };

/** Whether the client has a send under `key`. */
export async function sentAlready(on: Db | Tx, clientId: number, key: string): Promise<boolean> {
  return (await findSend(on, clientId, key)) !== undefined;
}

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
 * with the position it writes (prepared_list_applied). A line found recorded (added by an earlier delivery of
 * this send cut off before its answers, or by any other send) is answered from its record; with `recorded`, so
 * is a refused line another delivery added.
 */
async function applyLines(
  on: Db | Tx,
  ordering: OrderingService,
  clientId: number,
  sendId: number,
  from: number,
  lines: NamedLine[],
  recorded: boolean,
): Promise<Answer<TPreparedListLineResult[]>> {
  const outcomes = await createMiniAppService({ db: on, ordering }).addLines(
    clientId,
    sendId,
    from,
    lines.map((line) => ({
      line: line.line,
      modification: line.modificationId,
      quantity: line.quantity,
      price_kopecks: line.priceKopecks,
    })),
  );
  if (!outcomes.ok) return outcomes;
  const answers: TPreparedListLineResult[] = [];
  for (const [i, outcome] of outcomes.value.entries()) {
    const line = lines[i] as NamedLine;
    const head: LineHead = {
      line: line.line,
      modification: line.modificationId,
      name: line.name,
      quantity: line.quantity,
    };
    if (outcome instanceof LineAlreadyApplied) {
      const applied = await appliedAnswer(on, ordering, clientId, line.line, head);
      if (!applied) throw new Error(`line ${line.line} is recorded as applied but not found`);
      answers.push(applied);
    } else if (outcome.ok) answers.push(addedAnswer(head, outcome.value));
    else {
      const applied = recorded && (await appliedAnswer(on, ordering, clientId, line.line, head));
      answers.push(applied || { status: "refused", ...head, refusal: outcome.refusal });
    }
  }
  return { ok: true, value: answers };
}

type AnswersValues = {
  sendId: number;
  from: number;
  answers: string;
  refused: string;
  clientId: number;
  day: string;
};

/**
 * Appends the answers of the lines from `from` on to the send's record, while none of them is answered yet and
 * no line answered here as refused has an add recorded (by any send); reads the client's day with it
 * (ordering's dayReadColumn: the order the send answers with, every add of it committed).
 */
const answersStatement = fixedStatement<AnswersValues, { recorded: boolean; day: DayRead }>(
  (v) => sql`with recorded as (update ${preparedListSends}
      set answers = ${preparedListSends.answers} || ${v.answers}::jsonb
      where ${preparedListSends.id} = ${v.sendId}::int
        and jsonb_array_length(${preparedListSends.answers}) = ${v.from}::int
        and not exists (select 1 from ${preparedListApplied}
          where ${preparedListApplied.lineId} = any(${v.refused}::int[]))
      returning 1)
    select json_build_object('recorded', exists (select 1 from recorded),
      'day', ${dayReadColumn(v.clientId, v.day)}) as r`,
);

/** Whether the answers were written (answersStatement), and the client's day as the statement read it. */
function recordAnswers(
  on: Db | Tx,
  at: { clientId: number; sendId: number; from: number; lines: SentLine[]; day: string },
  answers: TPreparedListLineResult[],
): Promise<{ recorded: boolean; day: DayRead }> {
  const refused = answers.flatMap((a) => (a.status === "refused" ? [a.line] : []));
  return answersStatement.run(on, {
    clientId: at.clientId,
    sendId: at.sendId,
    from: at.from,
    answers: JSON.stringify(answers),
    refused: `{${refused.join(",")}}`,
    day: at.day,
  });
}

/**
 * The answer of a list's line an add applied, whichever send it was (its position as the client sees it now), or
 * undefined: none did.
 */
async function appliedAnswer(
  on: Db | Tx,
  ordering: OrderingService,
  clientId: number,
  line: number,
  head: LineHead,
): Promise<TPreparedListLineResult | undefined> {
  const [applied] = await on
    .select({ positionId: preparedListApplied.positionId })
    .from(preparedListApplied)
    .where(eq(preparedListApplied.lineId, line));
  if (!applied) return undefined;
  const order = orderOf(await ordering.on({ db: on }).todayOrder(clientId));
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
