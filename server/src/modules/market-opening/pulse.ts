import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CountAttempt } from "../../lib/metrics.ts";

export type PulseKind = "refused_stock" | "refused_limit" | "refused_pace" | "server_error";

/** The refusals «Открытие маркета» tells apart, by the ordering rules' codes; the others it does not count. */
const REFUSAL_KINDS: Partial<Record<string, PulseKind>> = {
  out_of_stock: "refused_stock",
  hand_limit: "refused_limit",
  exclusive_limit: "refused_limit",
  total_limit: "refused_limit",
  too_fast: "refused_pace",
};

export type MarketPulse = ReturnType<typeof createMarketPulse>;

/**
 * This instance's refusals and server errors, counted by second in memory and added to `market_pulse` every
 * `flushMs` in one statement: at the opening a thousand refusals a second cost the database one write a second
 * an instance, not a thousand. Counts not written when the process dies are lost (at most a second's).
 */
export function createMarketPulse(db: Db, clock: Clock, { flushMs = 1000 }: { flushMs?: number } = {}) {
  const counts = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  function count(kind: PulseKind): void {
    const second = Math.floor(clock.now().getTime() / 1000) * 1000;
    const key = `${second}|${kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  async function write(): Promise<void> {
    if (counts.size === 0) return;
    const taken = [...counts];
    counts.clear();
    const rows = taken.map(([key, n]) => {
      const [second, kind] = key.split("|");
      return sql`(${new Date(Number(second)).toISOString()}::timestamptz, ${kind}, ${n})`;
    });
    try {
      await db.execute(sql`insert into market_pulse (second, kind, count) values ${sql.join(rows, sql`, `)}
        on conflict (second, kind) do update set count = market_pulse.count + excluded.count`);
    } catch {
      // The database is away: the counts wait for the next flush.
      for (const [key, n] of taken) counts.set(key, (counts.get(key) ?? 0) + n);
    }
  }

  const flush = () => {
    flushing = flushing.then(write);
    return flushing;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** Counts an ordering attempt's refusal (the ordering service's `countAttempt`). */
    countAttempt: ((_action, refusal) => {
      const kind = refusal === null ? undefined : REFUSAL_KINDS[refusal];
      if (kind) count(kind);
    }) satisfies CountAttempt,
    /** Counts an answer of the server's failure (a 5xx). */
    countError: () => count("server_error"),
    /** Writes what is counted now (the page reads it at once; tests). */
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
