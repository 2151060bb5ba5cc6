import type { Registry } from "prom-client";
import { scrapeGauge } from "./instruments.ts";

/**
 * The database's connections: a pg pool's total, idle and waiting clients; PGlite's statements and
 * transactions waiting for its one connection. Anything else reports nothing.
 */
export function watchDatabase(registry: Registry, client: unknown): void {
  if (isPool(client)) {
    const pool = client;
    const gauge = (name: string, help: string, read: () => number) =>
      scrapeGauge(registry, `db_pool_${name}`, help, read);
    gauge("total", "Connections the PostgreSQL pool holds", () => pool.totalCount);
    gauge("idle", "Connections of the pool not in use", () => pool.idleCount);
    gauge("waiting", "Queries waiting for a connection of the pool (all in use)", () => pool.waitingCount);
    return;
  }
  const waiting = countPgliteQueue(client);
  if (!waiting) return;
  scrapeGauge(
    registry,
    "db_embedded_queue",
    "Statements and transactions waiting for the embedded database (PGlite runs one at a time)",
    waiting,
  );
}

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

function isPool(client: unknown): client is PoolCounts {
  const c = client as Partial<PoolCounts> | null;
  return (
    typeof c === "object" &&
    c !== null &&
    typeof c.totalCount === "number" &&
    typeof c.idleCount === "number" &&
    typeof c.waitingCount === "number"
  );
}

type ExclusiveRunner = { _runExclusiveTransaction: <T>(work: () => Promise<T>) => Promise<T> };

/**
 * PGlite runs one statement or transaction at a time: every query, exec and transaction of the client goes
 * through its `_runExclusiveTransaction`, which waits for the lock. Counting the calls that entered it and have
 * not begun gives its queue; PGlite itself does not tell. Undefined for a client without it.
 */
function countPgliteQueue(client: unknown): (() => number) | undefined {
  const runner = client as Partial<ExclusiveRunner> | null;
  const original = runner?._runExclusiveTransaction;
  if (!runner || typeof original !== "function") return undefined;
  let waiting = 0;
  runner._runExclusiveTransaction = function <T>(this: unknown, work: () => Promise<T>): Promise<T> {
    waiting++;
    let begun = false;
    const counted = original.call(this, () => {
      begun = true;
      waiting--;
      return work();
    }) as Promise<T>;
    // A call refused before it began (a closed database) leaves the queue too.
    return counted.finally(() => {
      if (!begun) waiting--;
    });
  };
  return () => waiting;
}
