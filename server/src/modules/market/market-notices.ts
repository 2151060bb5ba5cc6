import { and, eq, isNotNull, lte } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { claimRun } from "../../db/job-runs.ts";
import { clients, marketSchedules } from "../../db/schema/index.ts";
import { latestBotText } from "../bot-texts/index.ts";
import { enqueueOutbox } from "../outbox/index.ts";
import {
  changeMoments,
  isMarketOpenFor,
  isScheduleOpenAt,
  type MarketClient,
  type MarketSchedule,
  scheduleTargets,
} from "./market-rule.ts";
import { loadMarketSchedules } from "./market-schedules.ts";

/** The «preStart» text goes out this long before an interval opens. */
export const PRE_START_MS = 5 * 60 * 1000;
/** An end noticed this late (an instance was down) is still announced; older ones are not. */
export const END_GRACE_MS = 10 * 60 * 1000;

export const NOTICE_KINDS = { preStart: "market_pre_start", end: "market_end" } as const;

type Recipient = MarketClient & { chatId: number };

/**
 * What the opening notice («preStart») carries besides its text, per recipient: lines written in the notice's
 * transaction (a client's waits for goods back in stock, announced with it). Handed in by the jobs, which see
 * the modules that write them.
 */
export type OpeningLines = (tx: Tx, clientIds: number[], at: Date) => Promise<Map<number, string>>;

/** Clients a market notice can reach: active, not banned, with a Telegram chat. */
async function reachableClients(db: Db | Tx): Promise<Recipient[]> {
  const rows = await db
    .select({
      id: clients.id,
      clientType: clients.clientType,
      groupId: clients.groupId,
      transportationId: clients.transportationId,
      chatId: clients.telegramId,
    })
    .from(clients)
    .where(
      and(
        eq(clients.isActive, true),
        eq(clients.banned, false),
        eq(clients.permanentBanned, false),
        isNotNull(clients.telegramId),
      ),
    );
  return rows.flatMap((r) => (r.chatId === null ? [] : [{ ...r, chatId: r.chatId }]));
}

async function enqueueNotice(
  tx: Tx,
  kind: "preStart" | "end",
  recipients: Recipient[],
  lines?: Map<number, string>,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const text = await latestBotText(tx, kind === "preStart" ? "pre_start" : "end");
  await enqueueOutbox(
    tx,
    recipients.map((r) => {
      const more = lines?.get(r.id);
      return {
        clientId: r.id,
        chatId: r.chatId,
        kind: NOTICE_KINDS[kind],
        text: more ? `${text}\n\n${more}` : text,
      };
    }),
  );
  return recipients.length;
}

/**
 * After a staff change to a schedule (manual close, deactivation, new targeting, an interval changed or
 * deleted, the schedule deleted): when it was open before, the clients it targeted for whom the market
 * is now closed (by `after`, the active schedules after the change) get the «end» text, in the same
 * transaction as the change.
 */
async function noticeClosure(
  tx: Tx,
  before: MarketSchedule,
  after: readonly MarketSchedule[],
  at: Date,
): Promise<number> {
  if (!isScheduleOpenAt(before, at)) return 0;
  const recipients = (await reachableClients(tx)).filter(
    (c) => scheduleTargets(before, c) && !isMarketOpenFor(after, c, at),
  );
  return enqueueNotice(tx, "end", recipients);
}

/**
 * Runs a change to one schedule and announces the closure it causes, if any (see `noticeClosure`). Two more
 * things keep the job's «end» notices exact across the change:
 * - an end the schedule reached shortly before (within the grace period) that no tick has announced yet is
 *   announced now, since after the change the job may no longer see it (the interval deleted or moved);
 * - an end the change writes into the recent past (an interval now ending before now) never happened: it is
 *   claimed without a message, so the job does not announce it (the real closure was announced above).
 */
export async function withClosureNotice<T>(
  tx: Tx,
  scheduleId: number,
  now: Date,
  change: () => Promise<T>,
): Promise<T> {
  const [before] = await loadMarketSchedules(tx, { ids: [scheduleId] });
  const result = await change();
  if (!before) return result;
  const current = await loadMarketSchedules(tx, { activeOnly: true });
  await noticeClosure(tx, before, current, now);
  for (const occurrence of dueOccurrences([before], now)) {
    if (occurrence.kind === "end") await announce(tx, occurrence, current, now);
  }
  // Switched off or deleted, the schedule is not among the active ones, and has no occurrences either.
  const after = current.find((s) => s.id === scheduleId);
  for (const occurrence of after ? dueOccurrences([after], now) : []) {
    if (occurrence.kind === "end") await claimOccurrence(tx, occurrence);
  }
  return result;
}

type Occurrence = { kind: "preStart" | "end"; at: Date; schedules: MarketSchedule[] };

/** Claims the occurrence for each of its schedules in `job_runs`; the schedules this call won. */
async function claimOccurrence(tx: Tx, occurrence: Occurrence): Promise<MarketSchedule[]> {
  const claimed: MarketSchedule[] = [];
  for (const s of occurrence.schedules) {
    if (await claimRun(tx, `market-${occurrence.kind}`, `${s.id}@${occurrence.at.toISOString()}`)) {
      claimed.push(s);
    }
  }
  return claimed;
}

/**
 * Queues the occurrence's text to the clients its claimed schedules target, except those for whom another
 * schedule (of `schedules`) keeps the market open across the moment: «end», open after it; «preStart», open
 * just before the opening (a market that closes in between does not count as kept open).
 */
async function announce(
  tx: Tx,
  occurrence: Occurrence,
  schedules: readonly MarketSchedule[],
  now: Date,
  openingLines?: OpeningLines,
) {
  const claimed = await claimOccurrence(tx, occurrence);
  if (claimed.length === 0) return 0;
  const checkAt = occurrence.kind === "end" ? occurrence.at : new Date(occurrence.at.getTime() - 1);
  const recipients = (await reachableClients(tx)).filter(
    (c) => claimed.some((s) => scheduleTargets(s, c)) && !isMarketOpenFor(schedules, c, checkAt),
  );
  const lines =
    occurrence.kind === "preStart" && openingLines && recipients.length > 0
      ? await openingLines(
          tx,
          recipients.map((r) => r.id),
          now,
        )
      : undefined;
  return enqueueNotice(tx, occurrence.kind, recipients, lines);
}

/**
 * The notices due now, by the schedules' own times: a schedule that opens within the next five minutes
 * («preStart»), and one whose opening ended (an interval, or a manual opening reaching its close time)
 * within the grace period («end»).
 */
export function dueOccurrences(schedules: readonly MarketSchedule[], now: Date): Occurrence[] {
  const due: Occurrence[] = [];
  const from = new Date(now.getTime() - END_GRACE_MS);
  const until = now.getTime() + PRE_START_MS;
  for (const at of changeMoments(schedules, from)) {
    if (at.getTime() > until) break;
    const justBefore = new Date(at.getTime() - 1);
    const kind = at <= now ? "end" : "preStart";
    const matching = schedules.filter((s) => {
      const wasOpen = isScheduleOpenAt(s, justBefore);
      const isOpen = isScheduleOpenAt(s, at);
      return kind === "end" ? wasOpen && !isOpen : !wasOpen && isOpen;
    });
    if (matching.length > 0) due.push({ kind, at, schedules: matching });
  }
  return due;
}

/**
 * One pass of the market job. Each (schedule, moment, kind) is claimed in `job_runs` in the transaction
 * that queues its messages, so with several instances each notice goes out exactly once; the schedules
 * claimed together share one message per client (every instance claims them in the same order, so the
 * one that wins the first claim wins them all and the others wait on it, then find them taken). Then manual openings past their close time are closed
 * (after the scan, so the scan has seen their close time). The opening notice carries `openingLines`.
 */
export async function runMarketTick(
  db: Db,
  now: Date,
  openingLines?: OpeningLines,
): Promise<{ queued: number; autoClosed: number }> {
  const schedules = await loadMarketSchedules(db, { activeOnly: true });
  let queued = 0;
  for (const occurrence of dueOccurrences(schedules, now)) {
    queued += await db.transaction((tx) => announce(tx, occurrence, schedules, now, openingLines));
  }
  const closed = await db
    .update(marketSchedules)
    .set({ isManuallyOpened: false, closeTime: null })
    .where(and(eq(marketSchedules.isManuallyOpened, true), lte(marketSchedules.closeTime, now)))
    .returning({ id: marketSchedules.id });
  return { queued, autoClosed: closed.length };
}
