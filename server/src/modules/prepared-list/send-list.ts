import type { TPreparedListLineResult, TPreparedListSent } from "@wholesale/contract";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { preparedListLines, preparedListSends } from "../../db/schema/index.ts";
import { conflict } from "../../http/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import type { MarketState } from "../market/index.ts";
import { createMiniAppService, orderOf } from "../miniapp/index.ts";
import { createOrderingService, ORDER_RATE } from "../ordering/index.ts";
import { type Answer, closedAnswer } from "./answers.ts";

/** A line as it was sent: what it asks, and the unit price in kopecks the client confirmed for it (or null). */
export type SentLine = {
  /** The list's line it came from; null for a repeated order sent at once. */
  line: number | null;
  modificationId: number;
  name: string;
  quantity: number;
  priceKopecks: number | null;
};

/** How long a send's key is kept: a lost answer is asked again within moments, not days. */
const KEPT_DAYS = 7;

/**
 * A line the client's pace refused (the ordering service's allowance of changes) waits one interval and is
 * tried again, this many times at most: a list longer than the allowance's burst goes at the allowance's pace
 * rather than being refused, and goes no faster than taps would.
 */
const PACE_TRIES = 3;
const PACE_WAIT_MS = 1000 / ORDER_RATE.perSecond;

class TryAgain extends Error {}
class AnsweredMeanwhile extends Error {}

/**
 * Sends lines under the client's idempotency key, in order, each through the Mini App's own add (the same call
 * a tap makes: every rule of the ordering service, the confirmed price, the pace), in a transaction of its own
 * that also appends the line's answer to the send's record, and takes an added line off the list. A send with a
 * key already used applies only the lines not answered yet (none, unless the first send was cut off midway)
 * and answers every line as it was answered: nothing is added twice. Two sends with one key at once wait on the
 * record's row, and the later finds the line answered and rolls its own add back.
 *
 * The market is checked first, for the list as a whole: closed for the client, nothing is applied.
 */
export async function sendLines({
  on,
  clock,
  clientId,
  key,
  market,
  snapshot,
}: {
  on: Db | Tx;
  clock: Clock;
  clientId: number;
  key: string;
  market: MarketState;
  snapshot: () => Promise<SentLine[] | string>;
}): Promise<Answer<TPreparedListSent>> {
  let send = await findSend(on, clientId, key);
  if (!send) {
    if (!market.open) return closedAnswer(market, clock);
    const lines = await snapshot();
    if (typeof lines === "string") throw conflict(lines);
    const [created] = await on
      .insert(preparedListSends)
      .values({ clientId, key, lines })
      .onConflictDoNothing()
      .returning({
        id: preparedListSends.id,
        lines: preparedListSends.lines,
        answers: preparedListSends.answers,
      });
    send = created ? (created as StoredSend) : await findSend(on, clientId, key);
    if (!send) throw new Error("the send's record is missing");
    if (created)
      await on
        .delete(preparedListSends)
        .where(
          and(
            eq(preparedListSends.clientId, clientId),
            lt(preparedListSends.createdAt, new Date(clock.now().getTime() - KEPT_DAYS * 86_400_000)),
          ),
        );
  }
  const { id, lines } = send;
  let answers = send.answers;
  while (answers.length < lines.length) {
    const place = answers.length;
    const line = lines[place] as SentLine;
    try {
      answers = [...answers, await applyLine(on, clock, clientId, id, place, line)];
    } catch (error) {
      if (!(error instanceof AnsweredMeanwhile)) throw error;
      answers = (await findSend(on, clientId, key))?.answers ?? answers;
    }
  }
  const ordering = createOrderingService({ db: on, clock });
  return { ok: true, value: { results: answers, order: orderOf(await ordering.todayOrder(clientId)) } };
}

type StoredSend = { id: number; lines: SentLine[]; answers: TPreparedListLineResult[] };

async function findSend(on: Db | Tx, clientId: number, key: string): Promise<StoredSend | undefined> {
  const [found] = await on
    .select({ id: preparedListSends.id, lines: preparedListSends.lines, answers: preparedListSends.answers })
    .from(preparedListSends)
    .where(and(eq(preparedListSends.clientId, clientId), eq(preparedListSends.key, key)));
  return found as StoredSend | undefined;
}

async function applyLine(
  on: Db | Tx,
  clock: Clock,
  clientId: number,
  sendId: number,
  place: number,
  line: SentLine,
): Promise<TPreparedListLineResult> {
  for (let tries = 1; ; tries++) {
    try {
      return await on.transaction(async (tx) => {
        const tap = createMiniAppService({ db: tx, clock });
        const added = await tap.add(clientId, {
          modification: line.modificationId,
          quantity: line.quantity,
          price_kopecks: line.priceKopecks,
        });
        if (!added.ok && added.refusal.code === "too_fast" && tries < PACE_TRIES) throw new TryAgain();
        const head = {
          line: line.line,
          modification: line.modificationId,
          name: line.name,
          quantity: line.quantity,
        };
        const answer: TPreparedListLineResult = added.ok
          ? {
              status: "added",
              ...head,
              name: added.value.position.name,
              price: added.value.position.price,
              currency_sign: added.value.position.currency_sign,
              position: added.value.position.id,
            }
          : { status: "refused", ...head, refusal: added.refusal };
        const recorded = await tx.execute(sql`with recorded as (update ${preparedListSends}
            set answers = ${preparedListSends.answers} || ${JSON.stringify([answer])}::jsonb
            where ${preparedListSends.id} = ${sendId} and jsonb_array_length(${preparedListSends.answers}) = ${place}
            returning 1),
          listed as (delete from ${preparedListLines}
            where ${preparedListLines.id} = ${line.line ?? 0} and ${preparedListLines.clientId} = ${clientId}
              and ${added.ok} and exists (select 1 from recorded))
          select exists (select 1 from recorded) as r`);
        // Both drivers answer `execute` with `{ rows }`; the `Db` type leaves it unknown.
        const [row] = (recorded as unknown as { rows: { r: boolean }[] }).rows;
        if (!row?.r) throw new AnsweredMeanwhile();
        return answer;
      });
    } catch (error) {
      if (!(error instanceof TryAgain)) throw error;
      await new Promise((resolve) => setTimeout(resolve, PACE_WAIT_MS));
    }
  }
}
