import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

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

/** What a send to the Bot API came to: `rate_limited` is a 429, `retried` any other answer tried again later. */
export type SendOutcome = "delivered" | "rate_limited" | "blocked" | "failed" | "retried";

export type OrderingPath = "bot" | "miniapp";
export type OrderingAction = "add" | "change" | "remove";
/** One ordering call's result as counted: `refusal` is the refusal's code, null when accepted. */
export type CountAttempt = (action: OrderingAction, refusal: string | null) => void;

/** What the live bot reports: its updates, their lag and errors, and its ordering attempts. */
export type BotMetrics = {
  countUpdate: (sentAt: Date | undefined) => void;
  countBotError: (kind: "error" | "timeout") => void;
  orderingAttempts: CountAttempt;
};

/** The waiting outbox as one statement reads it: due now, waiting for later (retry, pause, lease), the oldest's age. */
export type OutboxWaiting = { due: number; deferred: number; oldestSeconds: number };

/** How long a scrape waits for a database read before answering with the values it read last. */
export const DEFAULT_COLLECT_TIMEOUT_MS = 2_000;

const PREFIX = "wholesale_";

/**
 * The methods the app answers as themselves. Node parses 34 (PROPFIND, M-SEARCH…), which anyone may send: each
 * would otherwise be a series of its own per status class under `unmatched`, so the rest count as `_OTHER`.
 */
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics(options: { collectTimeoutMs?: number } = {}) {
  const registry = new Registry();
  const collectTimeoutMs = options.collectTimeoutMs ?? DEFAULT_COLLECT_TIMEOUT_MS;
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "HTTP requests answered, by method, route template and status class, and how long each took",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const sends = new Counter({
    name: `${PREFIX}telegram_sends_total`,
    help: "Outbox messages sent to the Bot API, by outcome (delivered, rate_limited, blocked, failed, retried)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const retryAfter = new Histogram({
    name: `${PREFIX}telegram_retry_after_seconds`,
    help: "The retry_after of each 429 from the Bot API: every instance waits it before sending again",
    buckets: [1, 2, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const botUpdates = new Counter({
    name: `${PREFIX}bot_updates_total`,
    help: "Telegram updates the bot handled",
    registers: [registry],
  });
  const botLag = new Histogram({
    name: `${PREFIX}bot_update_lag_seconds`,
    help: "How old a message update was when the bot began handling it (now minus the message's date)",
    buckets: [1, 2, 5, 10, 30, 60, 120, 300, 900],
    registers: [registry],
  });
  const botErrors = new Counter({
    name: `${PREFIX}bot_handler_errors_total`,
    help: "Bot updates that failed (error) or ran past their time (timeout); the client got an apology",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const orderingAttempts = new Counter({
    name: `${PREFIX}ordering_attempts_total`,
    help: "Adds, changes and removals of order positions, by path (bot, miniapp) and outcome (accepted, refused by reason)",
    labelNames: ["path", "action", "outcome", "reason"] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: "Background job runs, by job and outcome (ok, failed)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
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
  function boundedRead<T>(source: string, read: () => Promise<T>): () => Promise<T | undefined> {
    /** The statement under way, kept past a timeout so that a hung one is not started again. */
    let reading: Promise<T> | undefined;
    /** This scrape's bounded wait for it, shared by the gauges that read it. */
    let waiting: Promise<T | undefined> | undefined;

    async function bounded(statement: Promise<T>): Promise<T | undefined> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), collectTimeoutMs);
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
  }

  /** An update the bot begins to handle; `sentAt` is its message's date (absent for a button press). */
  function countUpdate(sentAt: Date | undefined): void {
    botUpdates.inc();
    if (sentAt) botLag.observe(Math.max(0, (Date.now() - sentAt.getTime()) / 1000));
  }

  /** The counter the ordering service of one path reports its adds, changes and removals to. */
  function countOrderingAttempts(path: OrderingPath): CountAttempt {
    return (action, refusal) =>
      orderingAttempts.inc(
        refusal === null
          ? { path, action, outcome: "accepted" }
          : { path, action, outcome: "refused", reason: refusal },
      );
  }

  return {
    registry,

    /** The request's duration under its route template (`/api/sales/orders/:id/`), never its URL. */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
      httpDuration.observe(
        {
          method: HTTP_METHODS.has(method) ? method : "_OTHER",
          route: route ?? "unmatched",
          status_class: `${Math.floor(statusCode / 100)}xx`,
        },
        seconds,
      );
    },

    countSend(outcome: SendOutcome, retryAfterSeconds?: number): void {
      sends.inc({ outcome });
      if (retryAfterSeconds !== undefined) retryAfter.observe(retryAfterSeconds);
    },

    orderingAttempts: countOrderingAttempts,

    bot: (): BotMetrics => ({
      countUpdate,
      countBotError: (kind) => botErrors.inc({ kind }),
      orderingAttempts: countOrderingAttempts("bot"),
    }),

    countJobRun(job: string, outcome: "ok" | "failed"): void {
      jobRuns.inc({ job, outcome });
    },

    /**
     * The database's connections: a pg pool's total, idle and waiting clients; PGlite's statements and
     * transactions waiting for its one connection. Anything else reports nothing.
     */
    watchDatabase(client: unknown): void {
      if (isPool(client)) {
        const pool = client;
        const gauge = (name: string, help: string, read: () => number) =>
          new Gauge({
            name: `${PREFIX}db_pool_${name}`,
            help,
            registers: [registry],
            collect() {
              this.set(read());
            },
          });
        gauge("total", "Connections the PostgreSQL pool holds", () => pool.totalCount);
        gauge("idle", "Connections of the pool not in use", () => pool.idleCount);
        gauge(
          "waiting",
          "Queries waiting for a connection of the pool (all in use)",
          () => pool.waitingCount,
        );
        return;
      }
      const waiting = countPgliteQueue(client);
      if (!waiting) return;
      new Gauge({
        name: `${PREFIX}db_embedded_queue`,
        help: "Statements and transactions waiting for the embedded database (PGlite runs one at a time)",
        registers: [registry],
        collect() {
          this.set(waiting());
        },
      });
    },

    /** The outbox's waiting rows, read by one statement per scrape, within the collect timeout. */
    watchOutbox(readWaiting: () => Promise<OutboxWaiting>): void {
      const read = boundedRead("outbox", readWaiting);
      new Gauge({
        name: `${PREFIX}outbox_waiting_messages`,
        help: "Outbox rows not yet sent: due now, or deferred (a retry's wait, a 429 pause, claimed by a worker)",
        labelNames: ["state"] as const,
        registers: [registry],
        async collect() {
          const waiting = await read();
          if (!waiting) return;
          this.set({ state: "due" }, waiting.due);
          this.set({ state: "deferred" }, waiting.deferred);
        },
      });
      new Gauge({
        name: `${PREFIX}outbox_oldest_waiting_seconds`,
        help: "Age of the oldest outbox row not yet sent (0 when none waits)",
        registers: [registry],
        async collect() {
          const waiting = await read();
          if (waiting) this.set(waiting.oldestSeconds);
        },
      });
    },

    watchActivityLog(waiting: () => number): void {
      new Gauge({
        name: `${PREFIX}activity_log_waiting_rows`,
        help: "Activity log rows waiting in memory to be written (they pile up while the database is away)",
        registers: [registry],
        collect() {
          this.set(waiting());
        },
      });
    },

    /** The newest backup of the embedded database: its folder is the record, manual backups included. */
    watchBackups(newest: () => Date | undefined): void {
      new Gauge({
        name: `${PREFIX}backup_last_success_timestamp_seconds`,
        help: "When the newest whole backup was taken, in Unix seconds (0: none yet)",
        registers: [registry],
        collect() {
          this.set((newest()?.getTime() ?? 0) / 1000);
        },
      });
    },

    /**
     * Serves the Prometheus text at /metrics on a listener of its own (never the public port). Resolves once it
     * listens, with its URL and a close that ends its connections too (a scraper keeps one open).
     */
    async serve({ port, host }: { port: number; host: string }) {
      const server = createServer((request, response) => {
        const path = (request.url ?? "").split("?")[0];
        if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
          response
            .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
            .end("Not found: /metrics\n");
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
          (error: unknown) =>
            response
              .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
              .end(`${error instanceof Error ? error.message : String(error)}\n`),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      return {
        url: `http://${shownHost}:${address.port}/metrics`,
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    },
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
