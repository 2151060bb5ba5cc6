import { Refused } from "./api.ts";

/** Keys of attempts not yet answered, by what they send («list», «order 12»). */
const pending = new Map<string, string>();

/**
 * Sends under an idempotency key made for the attempt and kept until the server answers: a retry after a lost
 * answer (no connection, a server error) carries the same key, so the server adds nothing twice. A refusal is
 * an answer too (nothing was recorded under the key), so the next tap is a new attempt.
 */
export async function underKey<T>(what: string, send: (key: string) => Promise<T>): Promise<T> {
  const key = pending.get(what) ?? crypto.randomUUID();
  pending.set(what, key);
  try {
    const done = await send(key);
    pending.delete(what);
    return done;
  } catch (error) {
    if (error instanceof Refused && error.status < 500) pending.delete(what);
    throw error;
  }
}
