import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import { createBotMetrics } from "./metrics/bot-metrics.ts";
import { createBoundedReads } from "./metrics/bounded-read.ts";
import { createHttpMetrics } from "./metrics/http-metrics.ts";
import { scrapeGauge } from "./metrics/instruments.ts";
import { createJobMetrics } from "./metrics/job-metrics.ts";
import { type CountAttempt, createOrderingMetrics } from "./metrics/ordering-metrics.ts";
import { serveMetrics } from "./metrics/serve-metrics.ts";
import { watchDatabase } from "./metrics/watch-database.ts";
import { type OutboxWaiting, watchOutbox } from "./metrics/watch-outbox.ts";

export type { SendOutcome } from "./metrics/bot-metrics.ts";
export type { CountAttempt, OrderingAction, OrderingPath } from "./metrics/ordering-metrics.ts";
export type { OutboxWaiting } from "./metrics/watch-outbox.ts";

/**
 * The Prometheus metrics of one server instance (docs/operations.md says what each means). Everything is on a
 * registry of the instance's own, never prom-client's global one: tests build many apps in one process, and each
 * instance reports only itself. Labels stay few and fixed (route templates, outcomes, reasons, job names), never
 * URLs or ids, so the series do not grow with the data.
 *
 * Counters and histograms are moved where things happen (the delivery worker, the bot's guard, the ordering
 * service, the scheduler); gauges of state (the database pool, the outbox, the activity log, backups) are read
 * when Prometheus scrapes, from sources the app registers with `watch…`.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** What the live bot reports: its updates, their lag and errors, and its ordering attempts. */
export type BotMetrics = {
  countUpdate: (sentAt: Date | undefined) => void;
  countBotError: (kind: "error" | "timeout") => void;
  orderingAttempts: CountAttempt;
};

/** How long a scrape waits for a database read before answering with the values it read last. */
export const DEFAULT_COLLECT_TIMEOUT_MS = 2_000;

export function createMetrics(options: { collectTimeoutMs?: number } = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = createHttpMetrics(registry);
  const bot = createBotMetrics(registry);
  const countOrderingAttempts = createOrderingMetrics(registry);
  const countJobRun = createJobMetrics(registry);
  const boundedRead = createBoundedReads({
    registry,
    timeoutMs: options.collectTimeoutMs ?? DEFAULT_COLLECT_TIMEOUT_MS,
  });

  return {
    registry,
    observeRequest: http.observeRequest,
    countSend: bot.countSend,
    orderingAttempts: countOrderingAttempts,
    bot: (): BotMetrics => ({
      countUpdate: bot.countUpdate,
      countBotError: bot.countBotError,
      orderingAttempts: countOrderingAttempts("bot"),
    }),
    countJobRun,
    watchDatabase: (client: unknown) => watchDatabase(registry, client),
    watchOutbox: (readWaiting: () => Promise<OutboxWaiting>) =>
      watchOutbox({ registry, boundedRead }, readWaiting),
    watchActivityLog: (waiting: () => number) =>
      scrapeGauge(
        registry,
        "activity_log_waiting_rows",
        "Activity log rows waiting in memory to be written (they pile up while the database is away)",
        waiting,
      ),
    /** The newest backup of the embedded database: its folder is the record, manual backups included. */
    watchBackups: (newest: () => Date | undefined) =>
      scrapeGauge(
        registry,
        "backup_last_success_timestamp_seconds",
        "When the newest whole backup was taken, in Unix seconds (0: none yet)",
        () => (newest()?.getTime() ?? 0) / 1000,
      ),
    serve: (address: { port: number; host: string }) => serveMetrics(registry, address),
  };
}

/** Every answered request's duration, under its route template (a callback hook: no promise per request). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
