import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { logEntries } from "../db/schema/index.ts";
import type { Clock } from "../lib/clock.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SECRET_KEYS = new Set(["password", "token", "access", "refresh", "refreshtoken", "secret"]);
const MAX_STRING = 2000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 6;

declare module "fastify" {
  interface FastifyRequest {
    /** When the request arrived, by the app's clock. */
    receivedAt: Date;
    /**
     * What the log records as the body when it is not the parsed JSON: an upload handler puts its
     * summary here (file name and size, the other fields), the sign-in route the account it matched.
     */
    activity: { body?: unknown; userId?: number | null };
  }
}

type Entry = typeof logEntries.$inferInsert;

/** Replaces secrets with *** and cuts long strings and lists, so the log never stores a credential. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") {
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} симв.)` : value;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "…";
  if (Buffer.isBuffer(value)) return `<${value.length} байт>`;
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ещё ${value.length - MAX_ITEMS}`] : items;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? "***" : redact(v, depth + 1)]),
  );
}

function isSecretKey(key: string): boolean {
  const k = key.toLowerCase();
  return SECRET_KEYS.has(k) || k.includes("password") || k.includes("secret");
}

export type ActivityLog = { record: (entry: Entry) => void; flush: () => Promise<void> };

/**
 * Writes log entries in batches, off the request path: a request never waits for its log row and never
 * fails because of it. Pending rows are flushed on a timer and when the app closes.
 */
export function createActivityLog(
  db: Db,
  {
    onError,
    flushEveryMs = 500,
    maxBatch = 500,
  }: { onError: (error: unknown) => void; flushEveryMs?: number; maxBatch?: number },
) {
  let pending: Entry[] = [];
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: Entry[]): Promise<void> {
    try {
      await db.insert(logEntries).values(batch);
    } catch (error) {
      onError(error);
    }
  }

  function flush(): Promise<void> {
    if (pending.length > 0) {
      const batch = pending;
      pending = [];
      flushing = flushing.then(() => write(batch));
    }
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    record(entry: Entry) {
      pending.push(entry);
      if (pending.length >= maxBatch) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

function requestBody(request: FastifyRequest): unknown {
  if (request.activity.body !== undefined) return redact(request.activity.body);
  if (request.body === undefined || request.body === null) return null;
  return redact(request.body);
}

const VERIFY_ROUTE = "/api/token/verify/";

/** Records every mutating API request (sign-in attempts included) with its outcome. */
export function registerActivityLog(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
): ActivityLog {
  const log = createActivityLog(db, {
    onError: (error) => app.log.error({ err: error }, "activity log write failed"),
  });

  app.decorateRequest("receivedAt", null as unknown as Date);
  app.decorateRequest("activity", null as unknown as FastifyRequest["activity"]);
  app.addHook("onRequest", async (request) => {
    request.receivedAt = clock.now();
    request.activity = {};
  });
  app.addHook("onResponse", async (request, reply) => {
    if (!MUTATING.has(request.method) || !request.url.startsWith("/api/")) return;
    // Every page load verifies the stored token: those rows buried what people did (70 % of a day's log).
    if (request.routeOptions.url === VERIFY_ROUTE) return;
    try {
      log.record({
        requestMethod: request.method,
        timestamp: request.receivedAt,
        path: request.url.split("?")[0] ?? request.url,
        userId: request.activity.userId ?? request.account?.id ?? null,
        statusCode: reply.statusCode,
        requestBody: requestBody(request),
        ip: request.ip,
      });
    } catch (error) {
      app.log.error({ err: error }, "activity log record failed");
    }
  });
  app.addHook("onClose", async () => {
    await log.close();
  });
  return log;
}
