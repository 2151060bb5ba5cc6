import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/connection-loss.ts";
import { logEntries } from "../db/schema/index.ts";
import { createBackoff } from "../lib/backoff.ts";
import type { Clock } from "../lib/clock.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// init_data is the Mini App's signed launch data: whoever reads it could open a client session for 24 h.
const SECRET_KEYS = new Set([
  "password",
  "token",
  "access",
  "refresh",
  "refreshtoken",
  "secret",
  "init_data",
]);
const MAX_STRING = 2000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 6;
const MAX_KEY = 200;
/** The most a recorded body takes, as JSON: a 1 MB request would otherwise make a 1 MB log row. */
const MAX_BODY = 20_000;
/** Rows kept in memory while the database is away; beyond that the oldest are given up (and said so). */
const MAX_WAITING = 20_000;

declare module "fastify" {
  interface FastifyRequest {
    /**
     * When and from where a recorded request arrived, taken as it arrives: a client that hangs up takes its
     * socket's address with it. Null once its row is recorded.
     */
    arrival: { at: Date; ip: string | null } | null;
    /**
     * What the log records as the body when it is not the parsed JSON: an upload handler puts its
     * summary here (file name and size, the other fields), the sign-in route the account it matched.
     */
    activity: { body?: unknown; userId?: number | null };
  }
}

type Entry = typeof logEntries.$inferInsert;

/**
 * Text PostgreSQL can store: it refuses the NUL character in text and jsonb, and half of a surrogate pair in
 * jsonb (which cutting a string can leave). Anyone can send either, even without an account (sign-in).
 */
function storable(text: string): string {
  return text.replaceAll("\u0000", "").replace(/\p{Surrogate}/gu, "\uFFFD");
}

const cut = (text: string, max: number) =>
  storable(text.length > max ? `${text.slice(0, max)}… (${text.length} симв.)` : text);

/**
 * Replaces secrets with ***, cuts long strings, lists and objects, and keeps only text the database can store,
 * so the log never stores a credential and one body can never make its row (or its batch) fail.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return cut(value, MAX_STRING);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "…";
  if (Buffer.isBuffer(value)) return `<${value.length} байт>`;
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… ещё ${value.length - MAX_ITEMS}`] : items;
  }
  const entries = Object.entries(value);
  const kept = entries
    .slice(0, MAX_ITEMS)
    .map(([k, v]) => [cut(k, MAX_KEY), isSecretKey(k) ? "***" : redact(v, depth + 1)]);
  if (entries.length > MAX_ITEMS) kept.push(["…", `ещё ${entries.length - MAX_ITEMS} полей`]);
  return Object.fromEntries(kept);
}

/** A redacted body whose JSON is too long is kept as the start of that JSON. */
function bounded(body: unknown): unknown {
  const json = JSON.stringify(body);
  return json !== undefined && json.length > MAX_BODY ? cut(json, MAX_BODY) : body;
}

function isSecretKey(key: string): boolean {
  const k = key.toLowerCase();
  return SECRET_KEYS.has(k) || k.includes("password") || k.includes("secret");
}

export type ActivityLog = {
  record: (entry: Entry) => void;
  flush: () => Promise<void>;
  /** Rows recorded and not yet written (they wait in memory while the database is away). */
  waiting: () => number;
};

/** The database's own words: the ORM wraps them in a message that repeats the statement and its values. */
function rootMessage(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/** What stands in for a row the database refused: who did what and when, and why its body is missing. */
function notStored(entry: Entry, error: unknown): Entry {
  const reason = rootMessage(error);
  return {
    ...entry,
    requestBody: { detail: "Запись журнала не удалось сохранить целиком", reason: cut(reason, 500) },
  };
}

/**
 * Writes log entries in batches, off the request path: a request never waits for its log row and never
 * fails because of it. Pending rows are flushed on a timer and when the app closes.
 *
 * A batch the database refuses is written again row by row, so one bad row cannot take other people's
 * actions with it; a row refused on its own is stored as a row saying so. While the database is away (a
 * restart) the rows wait in memory and are tried again after waits doubling from a second to 30 s, up to
 * MAX_WAITING of them.
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
  const backoff = createBackoff({ firstMs: 1000, maxMs: 30_000 });
  let retryAt = 0;

  /** Rows one by one, each refused one replaced by a row saying so. Returns the rows not yet tried. */
  async function writeOneByOne(batch: Entry[]): Promise<Entry[]> {
    for (const [i, entry] of batch.entries()) {
      try {
        await db.insert(logEntries).values(entry);
      } catch (error) {
        if (isDatabaseUnavailable(error)) return batch.slice(i);
        onError(error);
        await db
          .insert(logEntries)
          .values(notStored(entry, error))
          .catch((again: unknown) => onError(again));
      }
    }
    return [];
  }

  /** Writes a batch; returns the rows left for later because the database went away. */
  async function write(batch: Entry[]): Promise<Entry[]> {
    try {
      await db.insert(logEntries).values(batch);
      return [];
    } catch (error) {
      if (isDatabaseUnavailable(error)) return batch;
      onError(error);
      return writeOneByOne(batch);
    }
  }

  async function writeOrKeep(batch: Entry[]): Promise<void> {
    const left = await write(batch);
    if (left.length === 0) {
      backoff.succeed();
      return;
    }
    retryAt = Date.now() + backoff.fail();
    pending = [...left, ...pending];
    const dropped = pending.length - MAX_WAITING;
    if (dropped > 0) pending = pending.slice(dropped);
    onError(
      new Error(
        `activity log: the database is unavailable, ${pending.length} rows wait` +
          (dropped > 0 ? `, the ${dropped} oldest are given up` : ""),
      ),
    );
  }

  function flush(): Promise<void> {
    if (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(maxBatch);
      flushing = flushing.then(() => writeOrKeep(batch));
    }
    return flushing;
  }

  const timer = setInterval(() => {
    if (Date.now() >= retryAt) void flush();
  }, flushEveryMs);
  timer.unref();

  return {
    record(entry: Entry) {
      pending.push(entry);
      if (pending.length >= maxBatch && Date.now() >= retryAt) void flush();
    },
    flush,
    waiting: () => pending.length,
    async close() {
      clearInterval(timer);
      while (pending.length > 0) {
        const before = pending.length;
        await flush();
        if (pending.length >= before) break;
      }
      if (pending.length > 0) onError(new Error(`activity log: ${pending.length} rows lost at shutdown`));
    },
  };
}

function requestBody(request: FastifyRequest): unknown {
  if (request.activity.body !== undefined) return bounded(redact(request.activity.body));
  if (request.body === undefined || request.body === null) return null;
  return bounded(redact(request.body));
}

const VERIFY_ROUTE = "/api/token/verify/";
/**
 * The Mini App's calls are clients' own orders, which the orders keep; thousands of them at market opening
 * would bury what staff did, and the log is staff's history.
 */
const CLIENT_API = "/api/app/";

/**
 * The requests the log records: mutating ones under /api, but the Mini App's. Only these get `arrival` and
 * `activity` (the handlers that fill `activity` are all POST or PUT).
 */
const isRecorded = (request: FastifyRequest) =>
  MUTATING.has(request.method) && request.url.startsWith("/api/") && !request.url.startsWith(CLIENT_API);

/**
 * Records every mutating API request (sign-in attempts included) with its outcome.
 *
 * The row is recorded when the answer is ready to go (`onSend`), not once it has gone (`onResponse`): a
 * client that closed its connection meanwhile gets no answer, but what its request changed is recorded all
 * the same (a response whose socket is gone never finishes, and Fastify then runs no `onResponse`).
 */
export function registerActivityLog(
  app: FastifyInstance,
  { db, clock }: { db: Db; clock: Clock },
): ActivityLog {
  const log = createActivityLog(db, {
    onError: (error) => app.log.error({ err: error }, "activity log write failed"),
  });

  app.decorateRequest("arrival", null);
  app.decorateRequest("activity", null as unknown as FastifyRequest["activity"]);
  // Callback hooks that return at once for what the log does not record (every GET, the health check
  // included): an async hook costs each request a promise and a turn of the microtask queue even then.
  app.addHook("onRequest", (request, _reply, done) => {
    if (isRecorded(request)) {
      // Behind a trusted proxy the address comes from X-Forwarded-For, which a client can fill with anything.
      const ip = request.ip;
      request.arrival = { at: clock.now(), ip: ip ? storable(ip).slice(0, 64) : null };
      request.activity = {};
    }
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    const arrival = request.arrival;
    // Every page load verifies the stored token: those rows buried what people did (70 % of a day's log).
    if (arrival !== null && request.routeOptions.url !== VERIFY_ROUTE) {
      // Once per request, should an answer be sent twice (an error while sending the first).
      request.arrival = null;
      try {
        log.record({
          requestMethod: request.method,
          timestamp: arrival.at,
          path: cut(request.url.split("?")[0] ?? request.url, MAX_STRING),
          userId: request.activity.userId ?? request.account?.id ?? null,
          statusCode: reply.statusCode,
          requestBody: requestBody(request),
          ip: arrival.ip,
        });
      } catch (error) {
        app.log.error({ err: error }, "activity log record failed");
      }
    }
    done(null, payload);
  });
  app.addHook("onClose", async () => {
    await log.close();
  });
  return log;
}
