import { type Api, InputFile } from "grammy";
import type { Db } from "../../db/client.ts";
import { createBackoff } from "../../lib/backoff.ts";
import type { Metrics } from "../../lib/metrics.ts";
import {
  type ClaimedRow,
  claimDue,
  deleteDoneRows,
  loadPhotos,
  type Outcome,
  type PhotoSource,
  reserveSlots,
} from "../../modules/outbox/index.ts";
import { createDatabaseClock } from "./database-clock.ts";
import { createLeases } from "./leases.ts";
import { countSend, DEFAULT_RETRY, outcomeOfError, type RetryPolicy } from "./outcome.ts";
import { createOutcomeRecorder } from "./outcome-recorder.ts";
import { createSharedPause } from "./shared-pause.ts";

export type DeliveryOptions = {
  db: Db;
  /** No Api (no TELEGRAM_BOT_TOKEN): nothing is sent and the rows wait. */
  api: Api | null;
  /** Messages a second to the Bot API, all instances together. */
  ratePerSecond: number;
  /** Minimum gap between two messages to one chat. */
  perChatIntervalMs?: number;
  /**
   * How long a claimed row stays taken beyond its batch, renewed while its send waits or its record is not
   * yet written: a worker that dies leaves its rows to others after this long.
   */
  leaseMs?: number;
  retry?: RetryPolicy;
  /** How long this instance sends nothing after the Bot API refused its token or root (401, 404). */
  misconfiguredPauseMs?: number;
  /** Done rows older than this are deleted. */
  retentionMs: number;
  cleanupEveryMs?: number;
  /** How often an idle worker looks for due rows. */
  idleMs?: number;
  onError?: (error: unknown, context: string) => void;
  /** Counts each send by its outcome (METRICS_PORT). */
  countSend?: Metrics["countSend"];
};

export type DeliveryWorker = { start: () => void; stop: () => Promise<void> };

const JITTER_MARGIN = 1.05;
const LOOKAHEAD_MS = 500;
/**
 * How late after its slot a send may still go. Slots are 5 % (50 ms a second) wider than the rate: half
 * of that is this allowance, the other half absorbs how differently instances place the shared slots on
 * their own clocks (within half the fastest round trip to the database: `database-clock.ts`), so sends of
 * all instances together never exceed the rate in any second.
 */
const LATE_MS = 25;
/** An idle pace's first slot is this far ahead, so that the reservation's answer is heard before it. */
const RESERVE_LEAD_MS = 50;

/** A row on its way out, with its broadcast's photo (shared by the broadcast's rows, so one upload serves all). */
type Outgoing = { row: ClaimedRow; photo: PhotoSource | undefined };
type Send = { row: ClaimedRow; outcome: Promise<Outcome> };

/** The longest the loop waits between tries while the database fails it. */
const MAX_LOOP_BACKOFF_MS = 10_000;
/** How long a stopping worker keeps trying to record its answered sends in a database that is away. */
const RECORD_ON_STOP_MS = 10_000;

const needsUpload = (photo: PhotoSource | undefined) => Boolean(photo?.photo && !photo.fileId);

/**
 * Sends the outbox through the Bot API: claims due rows in batches of about a second's worth, paces them
 * on the shared slot sequence (global rate) and at most one a second per chat, and records each row as soon
 * as its own send is answered (`outcome-recorder.ts`). The next batch is claimed just before the current
 * one's last slot, so sends flow without gaps.
 *
 * A live worker keeps its rows: their leases are renewed while a send waits for its answer or its record,
 * and a send starts only on a lease known to last (`leases.ts`); a call is abandoned only after 30 s of time
 * the process could listen (`telegram-api.ts`), never because a starved event loop heard its answer late.
 * A crash between a send and its record leaves the row claimed; when its lease runs out another worker sends
 * it again. So a message is sent at least once and, only in that case, possibly twice; the window is the
 * sends started and not yet recorded at the crash, never more than a second's worth of the rate
 * (`maxUnrecorded`). Telegram offers no idempotency key that would close it. A database that fails the loop
 * (a restart) is tried again after waits doubling to 10 s.
 */
export function createDeliveryWorker(options: DeliveryOptions): DeliveryWorker {
  const { db, api } = options;
  const intervalMs = (1000 / options.ratePerSecond) * JITTER_MARGIN;
  const perChatMs = (options.perChatIntervalMs ?? 1000) * JITTER_MARGIN;
  const windowMs = 1000 * JITTER_MARGIN;
  const perWindow = Math.max(1, Math.floor(options.ratePerSecond));
  const batchSize = Math.max(1, Math.min(500, Math.round(options.ratePerSecond)));
  /**
   * Calls started whose outcome is not yet written, at most: a second's worth of the rate. A kill -9 re-sends
   * exactly those (their rows come due again when their leases end), so this is the most messages a crash
   * can send twice. Answers come in well under a second and are written within a tenth, so the cap holds a
   * send back only while the Bot API or the database is slow: then sends wait rather than pile up unrecorded.
   */
  const maxUnrecorded = perWindow;
  const retry = options.retry ?? DEFAULT_RETRY;
  const misconfiguredPauseMs = options.misconfiguredPauseMs ?? 60_000;
  const idleMs = options.idleMs ?? 500;
  const cleanupEveryMs = options.cleanupEveryMs ?? 10 * 60_000;
  const onError = options.onError ?? (() => {});
  const leaseBaseMs = options.leaseMs ?? 60_000;
  const leaseMs = leaseBaseMs + batchSize * intervalMs;
  const leases = createLeases({ db, leaseMs, baseMs: leaseBaseMs, onError });
  const recorder = createOutcomeRecorder({
    db,
    onError,
    onRecorded: (results) => {
      leases.letGo(results.map((r) => r.row));
      for (const { row } of results) unrecorded.delete(row);
      for (const wake of placeWaiters) wake();
    },
  });
  const loopBackoff = createBackoff({ firstMs: idleMs, maxMs: Math.max(idleMs, MAX_LOOP_BACKOFF_MS) });

  let running: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = createSharedPause({ db, onError });
  /** Until when this instance sends nothing because the Bot API refused its token or root. */
  let haltedUntil = 0;
  let lastCleanup = 0;
  /** Sends not answered yet, each recorded when it is. */
  const inFlight = new Set<Promise<void>>();
  /** The rows of calls started whose outcome is not written yet (`maxUnrecorded` at most). */
  const unrecorded = new Set<ClaimedRow>();
  /** Wakes the turn waiting for a place among `unrecorded`. */
  const placeWaiters = new Set<() => void>();
  const photos = new Map<number, PhotoSource>();

  /** Waits `ms`, or less when the worker is stopping. Resolves true when it waited the whole time. */
  function sleep(ms: number): Promise<boolean> {
    if (stopping) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve(true);
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve(false);
      };
    });
  }

  const release = (error: string, delayMs = 0): Outcome => ({
    kind: "retry",
    delayMs,
    counted: false,
    error,
  });

  /** One Bot API call. A photo without a file_id yet is uploaded; its file_id then serves every other row. */
  async function callApi({ row, photo }: Outgoing): Promise<Outcome> {
    if (!api) return release("нет токена бота");
    const other = row.replyMarkup ? { reply_markup: row.replyMarkup as never } : {};
    try {
      if (!photo?.photo) {
        await api.sendMessage(row.chatId, row.text, other);
        return { kind: "sent" };
      }
      if (photo.fileId) {
        await api.sendPhoto(row.chatId, photo.fileId, { caption: row.text, ...other });
        return { kind: "sent" };
      }
      const file = new InputFile(photo.photo, photo.photoName ?? "photo");
      const message = await api.sendPhoto(row.chatId, file, { caption: row.text, ...other });
      const fileId = message.photo.at(-1)?.file_id;
      if (!fileId) return { kind: "sent" };
      photo.fileId = fileId;
      return { kind: "sent", fileId };
    } catch (error) {
      return outcomeOfError(error, row.attempts, retry);
    }
  }

  /** A call's answer that stops more than its row: a 429 pauses every instance, a refused token this one. */
  async function send(outgoing: Outgoing): Promise<Outcome> {
    const outcome = await callApi(outgoing);
    if (options.countSend && api) countSend(options.countSend, outcome);
    if (outcome.kind !== "retry") return outcome;
    if (outcome.halt === "rate-limit") {
      await pause.pauseAll(outcome.delayMs);
    } else if (outcome.halt === "misconfigured" && haltedUntil <= Date.now()) {
      // Logged once per halt, however many sends were under way when the refusal came.
      haltedUntil = Date.now() + misconfiguredPauseMs;
      onError(
        new Error(
          `The Bot API refused the call (${outcome.error}): check TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT. ` +
            `The messages wait; delivery tries again in ${Math.round(misconfiguredPauseMs / 1000)} s.`,
        ),
        "bot-api",
      );
    }
    return outcome;
  }

  /**
   * Sends wait their turn one after another. Each takes the earliest of this instance's reserved slots that
   * has not passed by more than LATE_MS (a slot left behind while the event loop was busy is dropped, not
   * used late: it would crowd the slots other instances are using), never makes more than the rate's worth of
   * starts in any window of a second (a sliding log of this instance's recent starts), and never comes within
   * `perChatMs` of the chat's previous start. All three are judged when the call really starts, so timers
   * that fire late on a busy event loop cannot bunch sends beyond the limit; and a late row takes the next
   * slot rather than giving its row back, so a loop that is always a little late still sends at nearly the
   * rate (only rows left without a slot are given back).
   */
  let gate: Promise<unknown> = Promise.resolve();
  const recent: number[] = [];
  const chatLast = new Map<number, number>();
  /** This instance's reserved slots not yet used, in time order, on this process's clock. */
  const slots: number[] = [];

  function sendInTurn(outgoing: Outgoing): Promise<Outcome> {
    const turn = gate.then(() => takeTurn(outgoing.row));
    // A turn that failed must not block every later send behind it (its own row is then given back).
    gate = turn.catch(() => undefined);
    return turn.then(
      (refusal) => refusal ?? send(outgoing),
      (error: unknown) => {
        onError(error, "turn");
        return release("ошибка перед отправкой");
      },
    );
  }

  /** Waits for the row's turn. Returns why the row is given back instead of sent, or nothing to send it. */
  async function takeTurn(row: ClaimedRow): Promise<Outcome | undefined> {
    let waitedForRecords = false;
    for (;;) {
      if (stopping) return release("остановка");
      if (haltedUntil > Date.now()) return release("Bot API отказал в доступе: проверьте токен бота");
      if (!(await pause.known())) return release("не удалось проверить паузу после 429");
      if (pause.until() > Date.now()) return release("пауза после 429", pause.until() - Date.now());
      // A row whose lease may end before its send is answered could be sent by another worker too.
      if (!leases.canSend(row)) return release("аренда строки истекает");
      const now = Date.now();
      while (slots.length > 0 && (slots[0] ?? 0) < now - LATE_MS) slots.shift();
      const slot = slots[0];
      if (slot === undefined)
        return release(
          waitedForRecords
            ? "секунда отправок ещё без ответа или записи: строка ждёт"
            : "не успели к своему времени отправки",
        );
      while (recent.length > 0 && (recent[0] ?? 0) <= now - windowMs) recent.shift();
      const windowFree = recent.length < perWindow ? 0 : (recent[0] ?? 0) + windowMs;
      const at = Math.max(slot, windowFree, (chatLast.get(row.chatId) ?? 0) + perChatMs);
      if (at <= now && unrecorded.size >= maxUnrecorded) {
        // Full: wait for a record, at most until this slot has passed (the row then takes a later slot, or
        // is given back).
        waitedForRecords = true;
        if (!(await sleepFor(slot + LATE_MS - now + 1, placeWaiters))) return release("остановка");
        continue;
      }
      if (at <= now) {
        slots.shift();
        recent.push(now);
        chatLast.set(row.chatId, now);
        unrecorded.add(row);
        return undefined;
      }
      if (!(await sleepFor(at - now))) return release("остановка");
    }
  }

  /**
   * A wait of one scheduled send, cut short by stop (that row is then released, not sent), or ended early
   * by a call of `wakers`.
   */
  function sleepFor(ms: number, wakers?: Set<() => void>): Promise<boolean> {
    return new Promise((resolve) => {
      if (stopping) {
        resolve(false);
        return;
      }
      const end = (waited: boolean) => {
        clearTimeout(timer);
        stopWaiters.delete(cancel);
        wakers?.delete(wake);
        resolve(waited);
      };
      const cancel = () => end(false);
      const wake = () => end(true);
      const timer = setTimeout(wake, ms);
      stopWaiters.add(cancel);
      wakers?.add(wake);
    });
  }
  const stopWaiters = new Set<() => void>();

  /** Known blockers and a chat's second row in the batch are answered at once; the rest go out. */
  function triage(rows: ClaimedRow[]): { held: Send[]; toSend: ClaimedRow[] } {
    const held: Send[] = [];
    const toSend: ClaimedRow[] = [];
    const inBatch = new Set<number>();
    for (const row of rows) {
      if (row.unreachable) {
        // Known to have blocked the bot: nothing to send, so it takes no send slot either.
        held.push({
          row,
          outcome: Promise.resolve({ kind: "unreachable", error: "клиент заблокировал бота" }),
        });
      } else if (inBatch.has(row.chatId)) {
        // One row per chat in a batch: a chat's next row waits in the table for its turn.
        held.push({ row, outcome: Promise.resolve(release("не чаще раза в секунду на чат", perChatMs)) });
      } else {
        inBatch.add(row.chatId);
        toSend.push(row);
      }
    }
    return { held, toSend };
  }

  async function withPhotos(rows: ClaimedRow[]): Promise<Outgoing[]> {
    if (photos.size > 50) photos.clear();
    const missing = new Set(
      rows.flatMap((r) =>
        r.clientMessageId !== null && !photos.has(r.clientMessageId) ? [r.clientMessageId] : [],
      ),
    );
    for (const [id, source] of await loadPhotos(db, [...missing])) photos.set(id, source);
    return rows.map((row) => ({
      row,
      photo: row.clientMessageId === null ? undefined : photos.get(row.clientMessageId),
    }));
  }

  /** Records a send when it is answered; until then it is in flight, and a stop waits for it. */
  function recordWhenAnswered({ row, outcome }: Send): void {
    // A send that threw (it catches what the Bot API does) is recorded as given back, which frees its place.
    const answered = outcome.catch((error: unknown): Outcome => {
      onError(error, "send");
      return release("ошибка отправки");
    });
    const recorded = answered.then((answer) => {
      // Only a delivered message needs its lease until recorded: anything else may be tried again by anyone.
      if (answer.kind !== "sent") leases.letGo([row]);
      else if (leases.lost(row))
        onError(
          new Error(`outbox row ${row.id} was sent after its lease was lost: it may go twice`),
          "lease",
        );
      const uploaded =
        answer.kind === "sent" && answer.fileId && row.clientMessageId !== null
          ? { messageId: row.clientMessageId, fileId: answer.fileId }
          : undefined;
      recorder.record({ row, outcome: answer }, uploaded);
    });
    inFlight.add(recorded);
    void recorded.finally(() => inFlight.delete(recorded));
  }

  /**
   * A photo not yet on Telegram goes out first, alone: to one recipient, then (if that one fails) to the
   * next, until one upload succeeds. Only then is the rest of the batch paced, reusing its file_id, so
   * the pace holds however long the upload takes. A 429 or a stop ends the uploads; the rows whose photo
   * is still not uploaded are then given back. Returns the rows left to send.
   */
  async function uploadNewPhotos(outgoing: Outgoing[]): Promise<Outgoing[]> {
    const rest: Outgoing[] = [];
    for (const item of outgoing) {
      if (!needsUpload(item.photo) || stopping || pause.until() > Date.now() || haltedUntil > Date.now())
        rest.push(item);
      else {
        const slot = await reserve(1);
        if (slot !== undefined) slots.push(slot);
        const outcome = slot === undefined ? Promise.resolve(unpaced) : sendInTurn(item);
        recordWhenAnswered({ row: item.row, outcome });
        await outcome;
      }
    }
    for (const { row } of rest.filter((item) => needsUpload(item.photo))) {
      const wait = Math.max(0, pause.until() - Date.now());
      recordWhenAnswered({ row, outcome: Promise.resolve(release("фото ещё не загружено", wait)) });
    }
    return rest.filter((item) => !needsUpload(item.photo));
  }

  const unpaced = release("не удалось занять время отправки");

  const clock = createDatabaseClock(db);

  /**
   * Reserves send slots; returns when the first one is, on this process's clock. When the database cannot,
   * nothing: the rows are given back rather than sent unpaced.
   */
  async function reserve(count: number): Promise<number | undefined> {
    try {
      await clock.refresh();
      const sentAt = Date.now();
      const { firstSlot, now } = await reserveSlots(db, count, intervalMs, RESERVE_LEAD_MS);
      clock.observe(now, sentAt, Date.now());
      return clock.toLocal(firstSlot);
    } catch (error) {
      onError(error, "pace");
      return undefined;
    }
  }

  /** Schedules a claimed batch; returns when its last send is due. */
  async function dispatch(rows: ClaimedRow[]): Promise<number> {
    const now = Date.now();
    if (chatLast.size > 50_000)
      for (const [chat, at] of chatLast) if (at < now - perChatMs) chatLast.delete(chat);
    const { held, toSend } = triage(rows);
    for (const send of held) recordWhenAnswered(send);
    let outgoing: Outgoing[];
    try {
      outgoing = await withPhotos(toSend);
    } catch (error) {
      for (const row of toSend)
        recordWhenAnswered({ row, outcome: Promise.resolve(release("фото не прочитано")) });
      throw error;
    }
    const rest = await uploadNewPhotos(outgoing);
    if (rest.length === 0) return Date.now();
    const start = await reserve(rest.length);
    if (start !== undefined) for (let i = 0; i < rest.length; i++) slots.push(start + i * intervalMs);
    for (const item of rest) {
      const outcome = start === undefined ? Promise.resolve(unpaced) : sendInTurn(item);
      recordWhenAnswered({ row: item.row, outcome });
    }
    return (start ?? Date.now()) + (rest.length - 1) * intervalMs;
  }

  async function cleanupIfDue(): Promise<void> {
    if (Date.now() - lastCleanup < cleanupEveryMs) return;
    lastCleanup = Date.now();
    await deleteDoneRows(db, options.retentionMs);
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await cleanupIfDue();
        if (!api) {
          await sleep(idleMs);
          continue;
        }
        const pausedFor = Math.max(pause.until(), haltedUntil) - Date.now();
        if (pausedFor > 0) {
          await sleep(pausedFor);
          continue;
        }
        const askedAt = Date.now();
        const rows = await claimDue(db, batchSize, leaseMs);
        leases.hold(rows, askedAt);
        if (rows.length === 0) {
          loopBackoff.succeed();
          await sleep(idleMs);
          continue;
        }
        const lastAt = await dispatch(rows);
        loopBackoff.succeed();
        // Claim the next batch half a second before this one's last send, so the pace has no gaps.
        await sleep(Math.max(0, lastAt - Date.now() - LOOKAHEAD_MS));
      } catch (error) {
        onError(error, "delivery");
        await sleep(loopBackoff.fail());
      }
    }
  }

  return {
    start() {
      if (running) return;
      stopping = false;
      pause.start();
      leases.start();
      running = loop();
    },
    /** Sends not yet started are released for the next start; sends under way are answered and recorded. */
    async stop() {
      stopping = true;
      wake?.();
      for (const cancel of stopWaiters) cancel();
      stopWaiters.clear();
      await running;
      running = undefined;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      await recorder.flush({ giveUpAfterMs: RECORD_ON_STOP_MS });
      // What could not be recorded is left to its leases: a next start has the whole second's worth again.
      unrecorded.clear();
      await leases.stop();
      await pause.stop();
    },
  };
}
