import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { type Bindable, fixedStatement } from "../../../db/fixed-statement.ts";
import { handledSql, type UpdateReceipt } from "../../../db/handled-updates.ts";
import { orderRateBuckets, quoteRateBuckets } from "../../../db/schema/index.ts";
import type { Refusal } from "../types.ts";

/**
 * How fast one client may change their order: adds and quantity changes, through the bot and the Mini App
 * alike (a client has one allowance, whichever way they tap), 5 a second with a burst of 10. A person taps far
 * slower, even at the market's opening; a script without it took 1,000 adds in 16 s, the scarce stock before
 * anyone could tap. Telegram throttles a chat's taps somewhat, but a Mini App's HTTP calls not at all, and one
 * rule for both keeps the two ways from adding up. Removals are not counted: they take nothing. A prepared
 * list's send is one action, whatever its length: the client tapped once, and a 100-line list paced line by
 * line took 20 s, past the bot's time bound. A send still gains no unit of any modification a tap would not:
 * each line is one modification, bound by its stock and the client's limits like a tap.
 */
export const ORDER_RATE = { perSecond: 5, burst: 10 } as const;

const INTERVAL_MS = 1000 / ORDER_RATE.perSecond;
/** How far ahead of now the bucket may be full again for a change still to go through. */
const BURST_SPAN_MS = (ORDER_RATE.burst - 1) * INTERVAL_MS;

/** A refused change may be made again within one interval at most: the wait to tell, in whole seconds. */
export const RETRY_AFTER_SECONDS = Math.ceil(INTERVAL_MS / 1000);

export const tooFast: Refusal = {
  ok: false,
  code: "too_fast",
  message: `Слишком много заказов подряд: повторите через ${RETRY_AFTER_SECONDS} с.`,
};

/** The moments a change at `now` (the service's clock: tests move it) is weighed at, as statements take them. */
export type PaceMoments = { now: string; next: string; edge: string };

export const paceAt = (now: Date): PaceMoments => ({
  now: now.toISOString(),
  // The bucket's «full again» moment of a client's first change.
  next: new Date(now.getTime() + INTERVAL_MS).toISOString(),
  // A change goes through while the bucket is full again no later than this.
  edge: new Date(now.getTime() + BURST_SPAN_MS).toISOString(),
});

type PaceValues = { [K in keyof PaceMoments]: Bindable<string> } & { clientId: Bindable<number> };

/**
 * The client's row of order_rate_buckets, upserted as a WITH query of the statement that makes the change: it
 * yields a row when the change may go ahead, none when not (the row then stays as it was). The row's lock,
 * held to the end of the change's transaction, orders one client's changes.
 *
 * - `paced` (an add or a quantity change; a removal is not): one change of the client's allowance is spent, and
 *   none is left means no row. The allowance is a token bucket kept as one moment (`full_at`, the generic cell
 *   rate algorithm's «theoretical arrival time»).
 * - `seen`: the client's count of changes (`changes`, which the database keeps: every write of a position of
 *   the client's, whoever makes it, counts; migration 0014) that the change was judged on; the row is written
 *   only while the count is still that, so nothing the judgement read has changed since, none otherwise.
 *
 * ON CONFLICT DO UPDATE weighs the row as it stands once locked, not as the statement's snapshot saw it, so
 * every instance shares one bucket and one count exactly.
 */
export function clientPace(v: PaceValues, how: { paced: boolean; seen?: Bindable<number> }): SQL {
  // The stored row's columns, spelt out: in DO UPDATE an unqualified name could be the proposed row's too.
  const changes = sql.raw("order_rate_buckets.changes");
  const bucket = spentFrom("order_rate_buckets", v);
  // Unpaced, the row is only taken (locked) as it is.
  const set = how.paced ? bucket.set : sql`full_at = order_rate_buckets.full_at`;
  const conditions = [
    how.paced ? bucket.within : undefined,
    how.seen === undefined ? undefined : sql`${changes} = ${how.seen}::bigint`,
  ].filter((s) => s !== undefined);
  return sql`insert into ${orderRateBuckets} (client_id, full_at)
    values (${v.clientId}::int, ${how.paced ? v.next : v.now}::timestamptz)
    on conflict (client_id) do update set ${set}
    ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
    returning client_id`;
}

/** A bucket row's `full_at` pushed one interval on (`set`), allowed while it is within the burst (`within`). */
function spentFrom(table: "order_rate_buckets" | "quote_rate_buckets", v: PaceValues) {
  const fullAt = sql.raw(`${table}.full_at`);
  return {
    set: sql`full_at = greatest(${fullAt}, ${v.now}::timestamptz) + ${sql.raw(String(INTERVAL_MS))} * interval '1 millisecond'`,
    within: sql`${fullAt} <= ${v.edge}::timestamptz`,
  };
}

/**
 * One quote of the client's spent (quote_rate_buckets), at the pace of their changes: answers whether it was
 * within the allowance; beyond it the quote is too_fast and answers nothing.
 */
const quoteStatement = fixedStatement<PaceMoments & { clientId: number }, { allowed: boolean }>((v) => {
  const bucket = spentFrom("quote_rate_buckets", v);
  return sql`with pace as (insert into ${quoteRateBuckets} (client_id, full_at)
      values (${v.clientId}::int, ${v.next}::timestamptz)
      on conflict (client_id) do update set ${bucket.set} where ${bucket.within} returning client_id)
    select json_build_object('allowed', exists (select 1 from pace)) as r`;
});

export async function spendQuote(db: Db | Tx, clientId: number, now: Date): Promise<boolean> {
  return (await quoteStatement.run(db, { clientId, ...paceAt(now) })).allowed;
}

/** The client's count of changes (0 before their first), as a column read beside what a change is judged on. */
export const changesColumn = (clientId: Bindable<number>) =>
  sql<number>`coalesce((select b.changes from ${orderRateBuckets} b where b.client_id = ${clientId}::int), 0)`;

type LockValues = PaceMoments & { clientId: number };

/** The first statement of a change's transaction: the client's row taken (the lock). */
const lockStatements = {
  paced: fixedStatement<LockValues, { allowed: boolean }>(
    (v) => sql`with pace as (${clientPace(v, { paced: true })})
      select json_build_object('allowed', exists (select 1 from pace)) as r`,
  ),
  unpaced: fixedStatement<LockValues, { allowed: boolean }>(
    (v) => sql`with pace as (${clientPace(v, { paced: false })})
      select json_build_object('allowed', exists (select 1 from pace)) as r`,
  ),
};

/**
 * Takes the client's row in a change's transaction (held to its end: one client's changes never interleave);
 * for a paced change (a quantity change) spends one of the allowance too, and answers whether it was within it.
 */
export async function lockClientPace(tx: Tx, clientId: number, now: Date, paced: boolean): Promise<boolean> {
  const statement = paced ? lockStatements.paced : lockStatements.unpaced;
  return (await statement.run(tx, { clientId, ...paceAt(now) })).allowed;
}

type RefusedValues = PaceMoments & { clientId: number; updateId: number };

type RefusedSpent = { allowed: boolean; recorded: boolean };

const refusedStatements = {
  alone: fixedStatement<RefusedValues, RefusedSpent>(
    (v) => sql`with pace as (${clientPace(v, { paced: true })})
      select json_build_object('allowed', exists (select 1 from pace), 'recorded', false) as r`,
  ),
  recording: fixedStatement<RefusedValues, RefusedSpent>(
    (v) => sql`with pace as (${clientPace(v, { paced: true })}),
      recorded as (${handledSql(v.updateId)})
      select json_build_object('allowed', exists (select 1 from pace),
        'recorded', exists (select 1 from recorded)) as r`,
  ),
};

/**
 * Spends one change of the client's allowance without writing one: a try the rules refused (not sold, a bad
 * quantity, over a limit or the stock), which counts like any other, or a script could poll a sold-out
 * modification without limit and take each unit the moment it comes back; or a prepared list's send, one action
 * whose lines then go unpaced. Answers whether it was within the allowance (beyond it the answer is too_fast,
 * and it is not counted twice). The bot's update rides along as handled (a refusal is its whole effect), so its
 * end writes nothing more.
 */
export async function spendChange(
  db: Db | Tx,
  clientId: number,
  now: Date,
  receipt?: UpdateReceipt,
): Promise<boolean> {
  const statement = receipt ? refusedStatements.recording : refusedStatements.alone;
  const spent = await statement.run(db, { clientId, updateId: receipt?.updateId ?? 0, ...paceAt(now) });
  if (spent.recorded) receipt?.committed();
  return spent.allowed;
}
