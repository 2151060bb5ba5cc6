import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { fixedClock } from "../lib/clock.ts";
import { TEST_SECRET } from "../test/app.ts";
import { openTestDatabase, type TestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { settles, waitUntil } from "../test/wait.ts";
import {
  type BotRunner,
  createLiveBot,
  POLLING_LOCK,
  startPolling,
  startWebhook,
  webhookSecret,
} from "./run.ts";

let database: TestDatabase;
let fake: FakeBotApi;
const clock = fixedClock("2026-11-20T09:00:00Z");
const log = { error: () => {}, warn: () => {} };
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const start = {
  message: {
    message_id: 1,
    date: 0,
    chat: { id: 42, type: "private" },
    from: { id: 42, is_bot: false, first_name: "A" },
    text: "/start",
    entities: [{ type: "bot_command", offset: 0, length: 6 }],
  },
};

describe("running the bot", () => {
  it("a webhook update needs the secret token, and one delivered twice is answered once", async () => {
    const bot = createLiveBot({ token: fake.token, apiRoot: fake.apiRoot }, { db: database.db, clock, log });
    const secretToken = webhookSecret(fake.token, undefined);
    const app = await buildApp({
      db: database.db,
      clock,
      jwtSecret: TEST_SECRET,
      webDist: null,
      botWebhook: { bot, secretToken },
    });
    const post = (secret: string | undefined) =>
      app.inject({
        method: "POST",
        url: "/api/bot/webhook/",
        payload: { update_id: 500, ...start },
        headers: secret ? { "x-telegram-bot-api-secret-token": secret } : {},
      });
    expect((await post(undefined)).statusCode).toBe(401);
    expect((await post("wrong")).statusCode).toBe(401);
    expect((await post(secretToken)).statusCode).toBe(200);
    expect((await post(secretToken)).statusCode).toBe(200);
    expect(fake.callsTo("sendMessage").filter((c) => c.payload.chat_id === 42)).toHaveLength(2);
    await app.close();
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("polling by one instance at a time", () => {
  const RETRY_MS = 200;
  /**
   * Each instance talks to its own fake Bot API, so every call is known to come from one instance. The lock
   * is taken in this file's own database (advisory locks are per database): other test runs do not touch it.
   */
  async function instances() {
    const url = database.url ?? "";
    const apis: FakeBotApi[] = [];
    const runners: BotRunner[] = [];
    const start = async () => {
      const api = await startFakeBotApi();
      apis.push(api);
      const bot = createLiveBot({ token: api.token, apiRoot: api.apiRoot }, { db: database.db, clock, log });
      runners.push(startPolling(bot, { databaseUrl: url, log, retryMs: RETRY_MS }));
      return api;
    };
    const close = async () => {
      for (const runner of runners) await runner.stop();
      for (const api of apis) await api.close();
    };
    return { start, runners, close };
  }
  const polls = (api: FakeBotApi) => api.callsTo("getUpdates").length;
  const waitRetries = (n: number) => new Promise((r) => setTimeout(r, n * RETRY_MS));

  it("a second instance makes no call while the first holds the lock; it takes over when the first stops", async () => {
    const run = await instances();
    try {
      const first = await run.start();
      await waitUntil("the first instance to poll", () => polls(first) > 0);
      const second = await run.start();
      await waitRetries(5);
      expect(second.calls).toEqual([]);

      await run.runners[0]?.stop();
      await waitUntil("the second instance to take over", () => polls(second) > 0);
    } finally {
      await run.close();
    }
  });

  it("another instance takes over when the holder's database connection dies, and the holder stops polling", async () => {
    const run = await instances();
    try {
      const first = await run.start();
      await waitUntil("the first instance to poll", () => polls(first) > 0);
      const second = await run.start();
      await waitRetries(2);
      // What the death of the holder's process does to its lock: the session ends and PostgreSQL releases it.
      const killed = (await database.db.execute(sql`select pg_terminate_backend(pid) as ok from pg_locks
        where locktype = 'advisory' and granted and objid = ${POLLING_LOCK}
        and database = (select oid from pg_database where datname = current_database())`)) as unknown as {
        rows: { ok: boolean }[];
      };
      expect(killed.rows).toEqual([{ ok: true }]);

      await waitUntil("the second instance to take over", () => polls(second) > 0);
      // A poller still running would take this update at once, answer it and poll again.
      const before = polls(first);
      first.pushUpdate(start);
      await waitRetries(5);
      expect(polls(first)).toBe(before);
      expect(first.callsTo("sendMessage")).toEqual([]);
    } finally {
      await run.close();
    }
  });
});

describe("a webhook while Telegram is away at start", () => {
  it("is set once Telegram answers, in the background, and the chat is dressed after it", async () => {
    const away = await startFakeBotApi();
    // What Telegram answers while the webhook's host does not resolve yet (a deploy whose DNS is not out).
    const unresolved = { status: 400, description: "Bad Request: bad webhook: Failed to resolve host" };
    away.failNext("setWebhook", unresolved);
    away.failNext("setWebhook", unresolved);
    const failures: unknown[] = [];
    const bot = createLiveBot(
      { token: away.token, apiRoot: away.apiRoot },
      { db: database.db, clock, log: { ...log, error: (d) => failures.push(d) } },
    );
    const url = "https://shop.example.test/api/bot/webhook/";
    const runner = startWebhook(bot, {
      url,
      secretToken: "s3cret",
      log: { ...log, error: (d) => failures.push(d) },
      retryMs: 50,
    });
    try {
      // The start is not held up: nothing has been set yet when startWebhook returns.
      expect(away.callsTo("setWebhook")).toHaveLength(0);
      await waitUntil("the chat to be dressed", () => away.callsTo("setMyCommands").length > 0);
      expect(away.callsTo("setWebhook").map((c) => c.payload.url)).toEqual([url, url, url]);
      expect(away.callsTo("setWebhook")[2]?.payload.secret_token).toBe("s3cret");
      expect(failures).toHaveLength(2);
      expect(away.callsTo("setMyCommands")).toHaveLength(1);
    } finally {
      await runner.stop();
      await away.close();
    }
  });

  it("stops trying when the server stops", async () => {
    const away = await startFakeBotApi();
    for (let i = 0; i < 50; i++) away.failNext("setWebhook", { status: 400, description: "Bad Request" });
    const bot = createLiveBot({ token: away.token, apiRoot: away.apiRoot }, { db: database.db, clock, log });
    const runner = startWebhook(bot, {
      url: "https://shop.example.test/",
      secretToken: "s",
      log,
      retryMs: 20,
    });
    await waitUntil("two tries", () => away.callsTo("setWebhook").length >= 2);
    await runner.stop();
    const tried = away.callsTo("setWebhook").length;
    await new Promise((r) => setTimeout(r, 200));
    expect(away.callsTo("setWebhook")).toHaveLength(tried);
    await away.close();
  });
});

describe("stopping while Telegram cannot be reached", () => {
  // Nothing listens on port 9 of loopback: every call is refused, and grammY's retry waits and tries again.
  const unreachable = { token: "123:unreachable", apiRoot: "http://127.0.0.1:9" };
  // A stop that waited for grammY's retry would wait for ever (it retries an unreachable Telegram without end).
  const stops = (runner: BotRunner) => settles("the runner to stop", runner.stop());

  it("a poller stops at once, though its start is still retrying", async () => {
    const bot = createLiveBot(unreachable, { db: database.db, clock, log });
    const runner = startPolling(bot, { databaseUrl: undefined, log, retryMs: 50 });
    await new Promise((r) => setTimeout(r, 300));
    await stops(runner);
  });

  it("a webhook's registration stops at once, though it is still retrying", async () => {
    const bot = createLiveBot(unreachable, { db: database.db, clock, log });
    const runner = startWebhook(bot, {
      url: "https://shop.example.test/",
      secretToken: "s",
      log,
      retryMs: 50,
    });
    await new Promise((r) => setTimeout(r, 300));
    await stops(runner);
  });
});
