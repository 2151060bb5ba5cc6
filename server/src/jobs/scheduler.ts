import { createBackoff } from "../lib/backoff.ts";
import type { Metrics } from "../lib/metrics.ts";

/**
 * A periodic job: `run` is called every `intervalMs`; a run still going when the next is due is skipped.
 * `stop` ends what the job holds besides its runs (a subscription), once its last run is over.
 */
export type Job = { name: string; intervalMs: number; run: () => Promise<void>; stop?: () => Promise<void> };

export type Scheduler = { stop: () => Promise<void> };

/** The longest a failing job waits between runs (a job with a longer interval keeps its own). */
const MAX_BACKOFF_MS = 60_000;

/**
 * Starts the jobs (each first run one interval after start). A failing run is logged and the job keeps
 * its schedule: a job never takes the server down. Failures in a row space the runs out, doubling up to a
 * minute (a database that is away for a while is tried, and logged, a few times a minute rather than every
 * tick); the first run that succeeds brings the job back to its interval. `stop` waits for the runs in progress,
 * then stops the jobs.
 */
export function startScheduler(
  jobs: Job[],
  onError: (job: string, error: unknown) => void,
  countRun?: Metrics["countJobRun"],
): Scheduler {
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) => {
    const backoff = createBackoff({
      firstMs: job.intervalMs,
      maxMs: Math.max(job.intervalMs, MAX_BACKOFF_MS),
    });
    let notBefore = 0;
    const timer = setInterval(() => {
      // Half an interval of slack: a tick may fire a little before the moment the back-off computed.
      if (running.has(job.name) || Date.now() + job.intervalMs / 2 < notBefore) return;
      const startedAt = Date.now();
      const run = job
        .run()
        .then(
          () => {
            backoff.succeed();
            countRun?.(job.name, "ok");
          },
          (error: unknown) => {
            notBefore = startedAt + backoff.fail();
            countRun?.(job.name, "failed");
            onError(job.name, error);
          },
        )
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.intervalMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
      await Promise.all(jobs.map((job) => job.stop?.()));
    },
  };
}
