import type { Db } from "../../db/client.ts";
import { type Subscription, subscribe } from "../../db/notifications.ts";
import { PAUSE_CHANNEL, pauseLeft, pausePace } from "../../modules/outbox/index.ts";

/** Without the announcements, a send goes only on a reading of the pause at most this old. */
const PAUSE_FRESH_MS = 50;

export type SharedPause = {
  /** The end of the latest 429 pause, this instance's or one another instance recorded (this process's clock). */
  until: () => number;
  /** A 429 this instance was answered: it pauses now, and every instance as soon as it hears. */
  pauseAll: (ms: number) => Promise<void>;
  /** Resolves true when the shared pause is known well enough for a send to go (false: it cannot be read). */
  known: () => Promise<boolean>;
  start: () => void;
  stop: () => Promise<void>;
};

/**
 * A 429 pauses every instance. The pause is written to `outbox_pacing` and announced on PAUSE_CHANNEL; while
 * this instance hears the announcements (and has read the pause once since it began to), each sets the pause
 * the moment it arrives, and a send checks nothing more. While it does not (not yet, or its listening
 * connection was lost), a send goes only on a reading of the pause at most PAUSE_FRESH_MS old, and a new
 * reading starts at half that age. (A read before every send cost the sends their pace on a busy machine: a
 * read slower than 50 ms let one send through per read.)
 */
export function createSharedPause({
  db,
  onError,
}: {
  db: Db;
  onError: (error: unknown, context: string) => void;
}): SharedPause {
  let pausedUntil = 0;
  let listeningSince: number | undefined;
  let hearing = false;
  let readAt = 0;
  let reading: Promise<boolean> | undefined;
  let subscription: Subscription | undefined;

  const pauseFor = (ms: number) => {
    pausedUntil = Math.max(pausedUntil, Date.now() + ms);
  };

  function read(): Promise<boolean> {
    reading ??= (async () => {
      const startedAt = Date.now();
      try {
        pauseFor(await pauseLeft(db));
        readAt = startedAt;
        // Read after listening began: nothing announced before is missed, the announcements carry the rest.
        if (listeningSince !== undefined && startedAt >= listeningSince) hearing = true;
        return true;
      } catch (error) {
        onError(error, "pause");
        return false;
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  }

  return {
    until: () => pausedUntil,
    async pauseAll(ms) {
      pauseFor(ms);
      await pausePace(db, ms).catch((error: unknown) => onError(error, "pause"));
    },
    async known() {
      if (hearing) return true;
      const age = Date.now() - readAt;
      if (age <= PAUSE_FRESH_MS / 2) return true;
      const next = read();
      return age <= PAUSE_FRESH_MS || (await next);
    },
    start() {
      subscription ??= subscribe(db, PAUSE_CHANNEL, {
        onMessage: (payload) => {
          const ms = Number(payload);
          if (Number.isFinite(ms) && ms > 0) pauseFor(ms);
        },
        onListening: () => {
          listeningSince = Date.now();
          void read();
        },
        onLost: (error) => {
          listeningSince = undefined;
          hearing = false;
          onError(error, "pause");
        },
      });
    },
    async stop() {
      await subscription?.close();
      subscription = undefined;
      listeningSince = undefined;
      hearing = false;
    },
  };
}
