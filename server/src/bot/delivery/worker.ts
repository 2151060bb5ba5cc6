import { type Api, InputFile } from "grammy";
import type { Db } from "../../db/client.ts";
import {
  type ClaimedRow,
  claimDue,
  deleteDoneRows,
  loadPhotos,
  markOutcomes,
  type PhotoSource,
  pausePace,
  reserveSlots,
} from "./outbox-store.ts";
import { DEFAULT_RETRY, type Outcome, outcomeOfError, type RetryPolicy } from "./outcome.ts";

export type DeliveryOptions = {
  db: Db;
  /** No Api (no TELEGRAM_BOT_TOKEN): nothing is sent and the rows wait. */
  api: Api | null;
  /** Messages a second to the Bot API, all instances together. */
  ratePerSecond: number;
  /** Minimum gap between two messages to one chat. */
  perChatIntervalMs?: number;
  /** How long a claimed row stays taken beyond its batch; long enough for a send to time out. */
  leaseMs?: number;
  retry?: RetryPolicy;
  /** Done rows older than this are deleted. */
  retentionMs: number;
  cleanupEveryMs?: number;
  /** How often an idle worker looks for due rows. */
  idleMs?: number;
  onError?: (error: unknown, context: string) => void;
};

export type DeliveryWorker = { start: () => void; stop: () => Promise<void> };

const JITTER_MARGIN = 1.05;
const LOOKAHEAD_MS = 500;
/**
 * How late after its slot a send may still go. Slots are 5 % wider than the rate, so sends kept within
 * 50 ms of their slots never exceed the rate in any second, across instances too.
 */
const LATE_MS = 50;

type Send = { row: ClaimedRow; outcome: Promise<Outcome> };

/**
 * Sends the outbox through the Bot API: claims due rows in batches of about a second's worth, paces them
 * on the shared slot sequence (global rate) and at most one a second per chat, and marks each batch when
 * its sends are answered. The next batch is claimed just before the current one's last slot, so sends
 * flow without gaps.
 *
 * A crash between a send and the mark of its batch leaves the row claimed; when its lease runs out
 * another worker sends it again. So a message is sent at least once and, only in that case, possibly
 * twice; the window is one batch (about a second of sends) plus the mark's transaction. Telegram offers
 * no idempotency key that would close it.
 */
export function createDeliveryWorker(options: DeliveryOptions): DeliveryWorker {
  const { db, api } = options;
  // A 5 % margin on every limit absorbs the jitter between a call starting here and arriving at Telegram.
  const intervalMs = (1000 / options.ratePerSecond) * JITTER_MARGIN;
  const perChatMs = (options.perChatIntervalMs ?? 1000) * JITTER_MARGIN;
  const windowMs = 1000 * JITTER_MARGIN;
  const perWindow = Math.max(1, Math.floor(options.ratePerSecond));
  const batchSize = Math.max(1, Math.min(500, Math.round(options.ratePerSecond)));
  const retry = options.retry ?? DEFAULT_RETRY;
  const idleMs = options.idleMs ?? 500;
  const cleanupEveryMs = options.cleanupEveryMs ?? 10 * 60_000;
  const onError = options.onError ?? (() => {});

  let running: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  let pausedUntil = 0;
  let lastCleanup = 0;
  const batches = new Set<Promise<void>>();
  const photos = new Map<number, { source: PhotoSource; upload?: Promise<void> }>();

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

  async function sendRow(row: ClaimedRow, fileIds: Map<number, string>): Promise<Outcome> {
    if (!api) return release("нет токена бота");
    const other = row.replyMarkup ? { reply_markup: row.replyMarkup as never } : {};
    try {
      const photo = row.clientMessageId === null ? undefined : photos.get(row.clientMessageId);
      if (!photo?.source.photo) {
        await api.sendMessage(row.chatId, row.text, other);
        return { kind: "sent" };
      }
      // The first send of a photo uploads it; the rest wait for its file_id and send only that.
      if (photo.upload) await photo.upload.catch(() => {});
      if (photo.source.fileId) {
        await api.sendPhoto(row.chatId, photo.source.fileId, { caption: row.text, ...other });
        return { kind: "sent" };
      }
      const upload = api.sendPhoto(
        row.chatId,
        new InputFile(photo.source.photo, photo.source.photoName ?? "photo"),
        {
          caption: row.text,
          ...other,
        },
      );
      photo.upload = upload.then((message) => {
        const fileId = message.photo.at(-1)?.file_id;
        if (fileId && row.clientMessageId !== null) {
          photo.source.fileId = fileId;
          fileIds.set(row.clientMessageId, fileId);
        }
      });
      await photo.upload;
      photo.upload = undefined;
      return { kind: "sent" };
    } catch (error) {
      return outcomeOfError(error, row.attempts, retry);
    }
  }

  /**
   * Sends wait their turn one after another. A send starts no earlier than its slot, never makes more
   * than the rate's worth of starts in any window of a second (a sliding log of this instance's recent
   * starts), and never comes within `perChatMs` of the chat's previous start. All three are measured when
   * the call really starts, so timers that fire late on a busy event loop cannot bunch sends beyond the
   * limit, while a late instance may still catch up within it.
   */
  let gate: Promise<void> = Promise.resolve();
  const recent: number[] = [];
  const chatLast = new Map<number, number>();

  function sendAt(row: ClaimedRow, slot: number, fileIds: Map<number, string>): Promise<Outcome> {
    const turn = gate.then(async () => {
      for (;;) {
        while (recent.length > 0 && (recent[0] ?? 0) <= Date.now() - windowMs) recent.shift();
        const windowFree = recent.length < perWindow ? 0 : (recent[0] ?? 0) + windowMs;
        const at = Math.max(slot, windowFree, (chatLast.get(row.chatId) ?? 0) + perChatMs);
        const wait = at - Date.now();
        if (wait <= 0) break;
        if (!(await sleepFor(wait))) return "stop";
      }
      if (stopping) return "stop";
      const now = Date.now();
      // A send far behind its slot would crowd the slots other instances are using now: it gives its
      // row back for a fresh slot instead (a busy event loop delays, it never bursts past the rate).
      if (now - slot > LATE_MS) return "late";
      recent.push(now);
      chatLast.set(row.chatId, now);
      return "go";
    });
    gate = turn.then(() => {});
    return turn.then(async (go) => {
      if (go === "late") return release("не успели к своему времени отправки");
      if (go !== "go") return release("остановка");
      if (pausedUntil > Date.now()) return release("пауза после 429", pausedUntil - Date.now());
      const outcome = await sendRow(row, fileIds);
      if (outcome.kind === "retry" && !outcome.counted && outcome.delayMs > 0) {
        pausedUntil = Math.max(pausedUntil, Date.now() + outcome.delayMs);
        await pausePace(db, outcome.delayMs).catch((error: unknown) => onError(error, "pause"));
      }
      return outcome;
    });
  }

  /** A wait of one scheduled send, cut short by stop (that row is then released, not sent). */
  function sleepFor(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (stopping) {
        resolve(false);
        return;
      }
      const cancel = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        stopWaiters.delete(cancel);
        resolve(true);
      }, ms);
      stopWaiters.add(cancel);
    });
  }
  const stopWaiters = new Set<() => void>();

  /** Schedules a claimed batch; returns when its last send is due. */
  async function dispatch(rows: ClaimedRow[]): Promise<number> {
    const now = Date.now();
    if (chatLast.size > 50_000)
      for (const [chat, at] of chatLast) if (at < now - perChatMs) chatLast.delete(chat);
    if (photos.size > 50) photos.clear();
    const held: Send[] = [];
    const toSend: ClaimedRow[] = [];
    const inBatch = new Set<number>();
    for (const row of rows) {
      // One row per chat in a batch: a chat's next row waits in the table for its turn.
      if (row.unreachable) {
        // Known to have blocked the bot: nothing to send, so it takes no send slot either.
        held.push({
          row,
          outcome: Promise.resolve({ kind: "unreachable", error: "клиент заблокировал бота" }),
        });
      } else if (inBatch.has(row.chatId)) {
        held.push({ row, outcome: Promise.resolve(release("не чаще раза в секунду на чат", perChatMs)) });
      } else {
        inBatch.add(row.chatId);
        toSend.push(row);
      }
    }
    const missing = new Set(
      toSend.flatMap((r) =>
        r.clientMessageId !== null && !photos.has(r.clientMessageId) ? [r.clientMessageId] : [],
      ),
    );
    for (const [id, source] of await loadPhotos(db, [...missing])) photos.set(id, { source });

    const firstIn = api && toSend.length > 0 ? await reserveSlots(db, toSend.length, intervalMs) : 0;
    const fileIds = new Map<number, string>();
    const start = Date.now() + firstIn;
    const sends = toSend.map(
      (row, i): Send => ({ row, outcome: sendAt(row, start + i * intervalMs, fileIds) }),
    );
    const batch = Promise.all(
      [...sends, ...held].map(async (s) => ({ row: s.row, outcome: await s.outcome })),
    )
      .then((results) => markOutcomes(db, results, fileIds))
      .catch((error: unknown) => onError(error, "mark"));
    batches.add(batch);
    void batch.finally(() => batches.delete(batch));
    return start + Math.max(0, toSend.length - 1) * intervalMs;
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
        if (pausedUntil > Date.now()) {
          await sleep(pausedUntil - Date.now());
          continue;
        }
        const leaseMs = (options.leaseMs ?? 60_000) + batchSize * intervalMs;
        const rows = await claimDue(db, batchSize, leaseMs);
        if (rows.length === 0) {
          await sleep(idleMs);
          continue;
        }
        const lastAt = await dispatch(rows);
        // Claim the next batch half a second before this one's last send, so the pace has no gaps.
        await sleep(Math.max(0, lastAt - Date.now() - LOOKAHEAD_MS));
      } catch (error) {
        onError(error, "delivery");
        await sleep(idleMs);
      }
    }
  }

  return {
    start() {
      if (running) return;
      stopping = false;
      running = loop();
    },
    /** Sends not yet started are released for the next start; sends under way are answered and marked. */
    async stop() {
      stopping = true;
      wake?.();
      for (const cancel of stopWaiters) cancel();
      stopWaiters.clear();
      await running;
      running = undefined;
      while (batches.size > 0) await Promise.all([...batches]);
    },
  };
}
