import { Counter, type Registry } from "prom-client";
import { PREFIX } from "./instruments.ts";

/** A scrape's database read shared by its gauges: undefined when it failed or timed out. */
export type BoundedRead = <T>(source: string, read: () => Promise<T>) => () => Promise<T | undefined>;

/**
 * The scrape-time database reads, each bounded by `timeoutMs`, and the counter of those that failed or ran past
 * it. Returns how a read is made bounded.
 */
export function createBoundedReads({
  registry,
  timeoutMs,
}: {
  registry: Registry;
  timeoutMs: number;
}): BoundedRead {
  /** The scrape-time database reads: the failures' count is read after them, whatever order prom-client takes. */
  const boundedReads: (() => Promise<unknown>)[] = [];
  const collectFailures = new Counter({
    name: `${PREFIX}metrics_collect_failures_total`,
    help: "Scrape-time reads that failed or ran past their time: their gauges keep the values read last",
    labelNames: ["source", "reason"] as const,
    registers: [registry],
    async collect() {
      await Promise.all(boundedReads.map((read) => read()));
    },
  });

  /**
   * A database read for several gauges of one scrape, bounded in time: the gauges that share it share one
   * statement, and a read still hanging from an earlier scrape is waited on again rather than started twice
   * (a hung database does not collect a pile of statements). Resolves undefined when it failed or timed out.
   */
  return function boundedRead<T>(source: string, read: () => Promise<T>): () => Promise<T | undefined> {
    /** The statement under way, kept past a timeout so that a hung one is not started again. */
    let reading: Promise<T> | undefined;
    /** This scrape's bounded wait for it, shared by the gauges that read it. */
    let waiting: Promise<T | undefined> | undefined;

    async function bounded(statement: Promise<T>): Promise<T | undefined> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), timeoutMs);
      });
      try {
        const value = await Promise.race([statement, timeout]);
        if (value !== "timeout") return value;
        collectFailures.inc({ source, reason: "timeout" });
      } catch {
        collectFailures.inc({ source, reason: "error" });
      } finally {
        clearTimeout(timer);
      }
      return undefined;
    }

    const shared = () => {
      if (waiting) return waiting;
      if (!reading) {
        const started = read();
        reading = started;
        const done = () => {
          if (reading === started) reading = undefined;
        };
        started.then(done, done);
      }
      const current = bounded(reading);
      waiting = current;
      void current.finally(() => {
        if (waiting === current) waiting = undefined;
      });
      return current;
    };
    boundedReads.push(shared);
    return shared;
  };
}
