import type { Api } from "grammy";
import type { Db } from "../../db/client.ts";
import { createBackoff } from "../../lib/backoff.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { createOrderingService } from "../../modules/ordering/index.ts";
import type { PhotoSource } from "../../modules/outbox/index.ts";
import { createDoneRowsCleanup } from "./clean-up-done-rows.ts";
import { createDatabaseClock } from "./database-clock.ts";
import { dispatchBatch } from "./dispatch-batch.ts";
import { createLeases } from "./leases.ts";
import { createMisconfiguredHalt } from "./misconfigured-halt.ts";
import { DEFAULT_RETRY, type RetryPolicy } from "./outcome.ts";
import { createOutcomeRecorder } from "./outcome-recorder.ts";
import { recordWhenAnswered, type Send } from "./record-when-answered.ts";
import { reserveSendSlots } from "./reserve-send-slots.ts";
import { runDeliveryLoop } from "./run-delivery-loop.ts";
import { sendRow } from "./send-row.ts";
import { createSendTurns } from "./send-turns.ts";
import { createSharedPause } from "./shared-pause.ts";
import { createStopSignal } from "./stop-signal.ts";

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

/** The longest the loop waits between tries while the database fails it. */
const MAX_LOOP_BACKOFF_MS = 10_000;
/** How long a stopping worker keeps trying to record its answered sends in a database that is away. */
const RECORD_ON_STOP_MS = 10_000;

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
  const idleMs = options.idleMs ?? 500;
  const onError = options.onError ?? (() => {});
  const leaseBaseMs = options.leaseMs ?? 60_000;
  const leaseMs = leaseBaseMs + batchSize * intervalMs;

  const signal = createStopSignal();
  const leases = createLeases({ db, leaseMs, baseMs: leaseBaseMs, onError });
  const pause = createSharedPause({ db, onError });
  const halt = createMisconfiguredHalt({ pauseMs: options.misconfiguredPauseMs ?? 60_000, onError });
  const turns = createSendTurns({
    signal,
    pause,
    halt,
    leases,
    send: (outgoing) => sendRow({ api, retry, count: options.countSend, pause, halt }, outgoing),
    onError,
    intervalMs,
    perChatMs,
    windowMs,
    perWindow,
    maxUnrecorded,
  });
  const recorder = createOutcomeRecorder({
    db,
    onError,
    onRecorded: (results) => {
      const rows = results.map((r) => r.row);
      leases.letGo(rows);
      turns.recorded(rows);
    },
  });
  /** Sends not answered yet, each recorded when it is. */
  const inFlight = new Set<Promise<void>>();
  const record = (send: Send) => recordWhenAnswered({ leases, recorder, inFlight, onError }, send);
  const clock = createDatabaseClock(db);
  const reserve = (count: number) => reserveSendSlots({ db, clock, intervalMs, onError }, count);
  const photos = new Map<number, PhotoSource>();
  // What a stock-back message is checked against before it leaves (vet-batch.ts).
  const ordering = createOrderingService({ db });
  const cleanUpIfDue = createDoneRowsCleanup({
    db,
    retentionMs: options.retentionMs,
    everyMs: options.cleanupEveryMs ?? 10 * 60_000,
  });
  const backoff = createBackoff({ firstMs: idleMs, maxMs: Math.max(idleMs, MAX_LOOP_BACKOFF_MS) });
  let running: Promise<void> | undefined;

  return {
    start() {
      if (running) return;
      signal.reset();
      pause.start();
      leases.start();
      running = runDeliveryLoop({
        db,
        api,
        signal,
        pause,
        halt,
        leases,
        backoff,
        batchSize,
        leaseMs,
        idleMs,
        cleanUpIfDue,
        dispatch: (rows) =>
          dispatchBatch(
            { db, ordering, photos, signal, pause, halt, turns, reserve, record, perChatMs, intervalMs },
            rows,
          ),
        onError,
      });
    },
    /** Sends not yet started are released for the next start; sends under way are answered and recorded. */
    async stop() {
      signal.stop();
      await running;
      running = undefined;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      await recorder.flush({ giveUpAfterMs: RECORD_ON_STOP_MS });
      turns.clearUnrecorded();
      await leases.stop();
      await pause.stop();
    },
  };
}
