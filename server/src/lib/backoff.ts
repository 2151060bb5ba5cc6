export type Backoff = {
  /** Counts one more failure in a row and returns how long to wait before trying again. */
  fail: () => number;
  /** A success: the next failure waits the first delay again. */
  succeed: () => void;
};

/**
 * Waits that double with each failure in a row, from `firstMs` up to `maxMs`: a loop whose database is away
 * for minutes tries (and logs) a few times a minute instead of every tick, and is back within `maxMs` of it.
 */
export function createBackoff({ firstMs, maxMs }: { firstMs: number; maxMs: number }): Backoff {
  let failures = 0;
  return {
    fail() {
      const ms = Math.min(maxMs, firstMs * 2 ** failures);
      failures = Math.min(failures + 1, 30);
      return ms;
    },
    succeed() {
      failures = 0;
    },
  };
}
