import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { orderRateBuckets } from "../../db/schema/index.ts";
import { valuesRow } from "../../db/values-row.ts";
import type { Refusal } from "./types.ts";

/**
 * How fast one client may change their order: adds and quantity changes, through the bot and the Mini App
 * alike (a client has one allowance, whichever way they tap), 5 a second with a burst of 10. A person taps far
 * slower, even at the market's opening; a script without it took 1,000 adds in 16 s, the scarce stock before
 * anyone could tap. Telegram throttles a chat's taps somewhat, but a Mini App's HTTP calls not at all, and one
 * rule for both keeps the two ways from adding up. Removals are not counted: they take nothing.
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

/**
 * Spends one change of the client's allowance, as a WITH query of a statement: it yields a row when the change
 * is within the allowance, none when it is not (the bucket then stays as it was). `lock`, the client's ordering
 * lock, is taken by the same WITH query before it touches the bucket's row, so two changes of one client queue
 * in one order and never deadlock between the lock and the row. ON CONFLICT DO UPDATE weighs the row as it
 * stands once locked, not as the statement's snapshot saw it, so every instance shares one bucket exactly.
 * `now` is the service's clock (tests move it).
 */
export function spendChange(tx: Db | Tx, clientId: number, now: Date, lock?: SQL) {
  const at = (ms: number) => new Date(now.getTime() + ms);
  // The stored row's column, spelt out: in DO UPDATE an unqualified name could be the proposed row's too.
  const fullAt = sql.raw("order_rate_buckets.full_at");
  const source = lock ? sql`(select ${lock}) as locked` : sql`(values (1)) as one_row`;
  return tx.$with("order_rate").as(
    tx
      .insert(orderRateBuckets)
      .select(sql`select ${clientId}::int, ${at(INTERVAL_MS)}::timestamptz from ${source}`)
      .onConflictDoUpdate({
        target: orderRateBuckets.clientId,
        set: {
          fullAt: sql`greatest(${fullAt}, ${now}::timestamptz) + ${INTERVAL_MS} * interval '1 millisecond'`,
        },
        setWhere: sql`${fullAt} <= ${at(BURST_SPAN_MS)}::timestamptz`,
      })
      .returning({ clientId: orderRateBuckets.clientId }),
  );
}

/** Whether `spendChange` let the change through: a column of the statement that runs it. */
export const changeAllowed = (spent: ReturnType<typeof spendChange>) =>
  sql<boolean>`exists (select 1 from ${spent})`;

/**
 * Spends the change again after its transaction rolled back for a refusal (market closed, not sold, over a
 * limit or the stock): a refused try counts like any other, or a script could poll a sold-out modification
 * without limit and take each unit the moment it comes back. A statement of its own, on the refused path
 * only; one beyond the allowance by now is simply not counted twice.
 */
export async function spendRefusedChange(db: Db, clientId: number, now: Date): Promise<void> {
  const spent = spendChange(db, clientId, now);
  await valuesRow(db, { allowed: changeAllowed(spent) }, spent);
}
