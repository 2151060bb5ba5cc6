import { Refused } from "./api.ts";

/**
 * How long a key not yet answered is kept for its next try. The server answers a key it knows as it answered it
 * first, so a key kept for days would answer today's list with an old send's lines; a list's lines are added once
 * whatever key sends them, so a fresh key after this is safe.
 */
export const PENDING_KEY_MS = 60 * 60 * 1000;

const STORAGE_PREFIX = "wholesale.pending-send:";

type Pending = { key: string; at: number };

/**
 * Where keys not yet answered are kept: the page's storage, so a key survives the Mini App being closed (or the
 * phone's Telegram killed) and opened again; in memory where the storage is refused (a private WebView).
 */
const memory = new Map<string, string>();
const kept = {
  get(what: string): Pending | null {
    let raw: string | null | undefined;
    try {
      raw = localStorage.getItem(STORAGE_PREFIX + what);
    } catch {
      raw = memory.get(what);
    }
    if (!raw) return null;
    try {
      const pending = JSON.parse(raw) as Partial<Pending>;
      return typeof pending.key === "string" && typeof pending.at === "number"
        ? { key: pending.key, at: pending.at }
        : null;
    } catch {
      return null;
    }
  },
  set(what: string, pending: Pending) {
    const raw = JSON.stringify(pending);
    try {
      localStorage.setItem(STORAGE_PREFIX + what, raw);
    } catch {
      memory.set(what, raw);
    }
  },
  delete(what: string) {
    try {
      localStorage.removeItem(STORAGE_PREFIX + what);
    } catch {
      // The storage refused: the key was kept in memory.
    }
    memory.delete(what);
  },
};

/**
 * Sends under an idempotency key made for the attempt and kept until the server answers: a retry after a lost
 * answer (no connection, a server error, the Mini App closed and opened again) carries the same key, so the
 * server adds nothing twice and answers what the first try did. A refusal is an answer too (nothing was recorded
 * under the key), so the next tap is a new attempt.
 */
export async function underKey<T>(what: string, send: (key: string) => Promise<T>): Promise<T> {
  const pending = kept.get(what);
  const key = pending && Date.now() - pending.at < PENDING_KEY_MS ? pending.key : crypto.randomUUID();
  if (key !== pending?.key) kept.set(what, { key, at: Date.now() });
  try {
    const done = await send(key);
    kept.delete(what);
    return done;
  } catch (error) {
    if (error instanceof Refused && error.status < 500) kept.delete(what);
    throw error;
  }
}
