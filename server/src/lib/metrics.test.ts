import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TMiniAppSession } from "@wholesale/contract";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { backupName, newestBackupTime } from "../backup/embedded-backups.ts";
import { cardData } from "../bot/callback-data/catalogue.ts";
import type { CapturedCall } from "../bot/capture.ts";
import { createTelegramApi } from "../bot/telegram-api.ts";
import { seedCurrency, seedModification } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { marketSchedules, outboxMessages } from "../db/schema/index.ts";
import { startScheduler } from "../jobs/scheduler.ts";
import { orderingCacheCaughtUp } from "../modules/ordering/index.ts";
import { enqueueOutbox } from "../modules/outbox/index.ts";
import { createTestApp, TEST_BOT_TOKEN, TEST_SECRET, type TestApp } from "../test/app.ts";
import { botChat } from "../test/bot-chat.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { holdStatements } from "../test/hold-statements.ts";
import { launchData } from "../test/launch-data.ts";
import { waitFor, waitUntil } from "../test/wait.ts";
import { createMetrics, type Metrics } from "./metrics.ts";

type Sample = { name: string; labels: Record<string, string>; value: number };
type Scrape = { families: Set<string>; samples: Sample[]; text: string };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Prometheus's text format, strictly: every line a comment (HELP, TYPE) or a sample with a number. */
function parse(text: string): Scrape {
  const families = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1]) {
      families.add(type[1]);
      continue;
    }
    if (/^# HELP \S+ /.test(line)) continue;
    const sample = SAMPLE.exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not Prometheus text: ${line}`);
    // prom-client writes NaN as «Nan» (an empty summary's mean), which Prometheus reads as NaN too.
    const value = /^nan$/i.test(sample[3]) ? Number.NaN : Number(sample[3].replace("+Inf", "Infinity"));
    if (Number.isNaN(value) && !/^nan$/i.test(sample[3])) throw new Error(`not a number: ${line}`);
    const labels = Object.fromEntries([...(sample[2] ?? "").matchAll(LABEL)].map((m) => [m[1], m[2]]));
    samples.push({ name: sample[1], labels, value });
  }
  return { families, samples, text };
}

async function scrape(url: string | undefined): Promise<Scrape> {
  if (!url) throw new Error("metrics are not served");
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await res.text());
}

/** The sum of a metric's samples whose labels include `labels` (0 when none). */
function sampled(s: Scrape, name: string, labels: Record<string, string> = {}): number {
  return s.samples
    .filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))
    .reduce((sum, x) => sum + x.value, 0);
}

describe("metrics off (the default)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("opens no listener, and /metrics is not on the public port", async () => {
    expect(t.app.metricsUrl).toBeUndefined();
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("wholesale_");
  });

  it("keeps /metrics a 404 where the web app's fallback answers every other path", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "metrics-web-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Back-office</title>");
    const app = await buildApp({ db: t.db, clock: t.clock, jwtSecret: TEST_SECRET, webDist });
    try {
      expect((await app.inject({ method: "GET", url: "/clients" })).statusCode).toBe(200);
      const res = await app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    } finally {
      await app.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe("metrics on", () => {
  let t: TestApp;
  let metrics: Metrics;
  let backups: string;
  let rub: number;
  beforeAll(async () => {
    metrics = createMetrics({ collectTimeoutMs: 300 });
    t = await createTestApp({ metrics });
    backups = mkdtempSync(join(tmpdir(), "metrics-backups-"));
    metrics.watchBackups(() => newestBackupTime(backups));
    rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(backups, { recursive: true, force: true });
  });

  it("serves Prometheus text on its own port with every family, and nothing on the public port", async () => {
    expect(t.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const onPublic = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(onPublic.statusCode).toBe(404);
    const other = await fetch(t.app.metricsUrl?.replace("/metrics", "/api/health/") ?? "");
    expect(other.status).toBe(404);

    const s = await scrape(t.app.metricsUrl);
    const database =
      t.database.kind === "postgres"
        ? ["db_pool_total", "db_pool_idle", "db_pool_waiting"]
        : ["db_embedded_queue"];
    for (const family of [
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ])
      expect(s.families).toContain(family);
    for (const family of [
      "http_request_duration_seconds",
      ...database,
      "outbox_waiting_messages",
      "outbox_oldest_waiting_seconds",
      "telegram_sends_total",
      "telegram_retry_after_seconds",
      "bot_updates_total",
      "bot_update_lag_seconds",
      "bot_handler_errors_total",
      "ordering_attempts_total",
      "job_runs_total",
      "activity_log_waiting_rows",
      "backup_last_success_timestamp_seconds",
      "metrics_collect_failures_total",
    ])
      expect(s.families).toContain(`wholesale_${family}`);
    expect(sampled(s, "wholesale_backup_last_success_timestamp_seconds")).toBe(0);
  });

  it("times a request under its route template, never its URL", async () => {
    const res = await t.call("superuser", { method: "GET", url: "/api/storehouse/modifications/987654/" });
    expect(res.statusCode).toBe(404);
    const s = await scrape(t.app.metricsUrl);
    const labels = { method: "GET", route: "/api/storehouse/modifications/:id/", status_class: "4xx" };
    expect(sampled(s, "wholesale_http_request_duration_seconds_count", labels)).toBe(1);
    expect(sampled(s, "wholesale_http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
    expect(s.text).not.toContain("987654");
    if (t.database.kind === "postgres") {
      expect(sampled(s, "wholesale_db_pool_total")).toBeGreaterThanOrEqual(1);
      expect(sampled(s, "wholesale_db_pool_idle")).toBeLessThanOrEqual(sampled(s, "wholesale_db_pool_total"));
      expect(sampled(s, "wholesale_db_pool_waiting")).toBe(0);
    } else expect(sampled(s, "wholesale_db_embedded_queue")).toBe(0);
  });

  it("counts methods outside the standard ones as one, _OTHER, so nobody can add series at will", async () => {
    const before = await scrape(t.app.metricsUrl);
    const unmatched = (s: Scrape, method: string) =>
      sampled(s, "wholesale_http_request_duration_seconds_count", { method, route: "unmatched" });
    for (const method of ["PROPFIND", "M-SEARCH", "MKCOL", "PURGE"]) {
      const res = await t.app.inject({ method: method as InjectOptions["method"], url: "/api/nowhere/" });
      expect(res.statusCode, method).toBeGreaterThanOrEqual(400);
    }
    await t.app.inject({ method: "DELETE", url: "/api/nowhere/" });
    const after = await scrape(t.app.metricsUrl);
    expect(unmatched(after, "_OTHER") - unmatched(before, "_OTHER")).toBe(4);
    expect(unmatched(after, "DELETE") - unmatched(before, "DELETE")).toBe(1);
    const methods = new Set(
      after.samples
        .filter((x) => x.name === "wholesale_http_request_duration_seconds_count")
        .map((x) => x.labels.method),
    );
    for (const method of methods)
      expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "_OTHER"]).toContain(method);
  });

  it("counts the Mini App's adds: accepted, and refused by reason", async () => {
    const [schedule] = await t.db
      .insert(marketSchedules)
      .values({ name: "Основной", isManuallyOpened: true })
      .returning({ id: marketSchedules.id });
    const client = await seedClient(t.db, { allowedPrice: true });
    const mod = await seedModification(t.db, {
      quantity: 100,
      tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 }],
    });
    await orderingCacheCaughtUp(t.db);
    const opened = await t.app.inject({
      method: "POST",
      url: "/api/app/session/",
      payload: {
        init_data: launchData(client.telegramId ?? 0, { botToken: TEST_BOT_TOKEN, authDate: t.clock.now() }),
      },
    });
    const { token } = opened.json() as TMiniAppSession & { token: string };
    const call = async (options: InjectOptions) => {
      await orderingCacheCaughtUp(t.db);
      return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    };
    const add = (priceKopecks: number) =>
      call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification: mod.id, quantity: 2, price_kopecks: priceKopecks },
      });

    expect((await add(60000)).statusCode).toBe(201);
    expect((await add(50000)).statusCode).toBe(409);
    await t.db
      .update(marketSchedules)
      .set({ isManuallyOpened: false })
      .where(eq(marketSchedules.id, schedule?.id ?? 0));
    expect((await add(60000)).json()).toMatchObject({ code: "market_closed" });

    const s = await scrape(t.app.metricsUrl);
    const attempts = "wholesale_ordering_attempts_total";
    const miniapp = { path: "miniapp", action: "add" };
    expect(sampled(s, attempts, { ...miniapp, outcome: "accepted" })).toBe(1);
    expect(sampled(s, attempts, { ...miniapp, outcome: "refused", reason: "price_changed" })).toBe(1);
    expect(sampled(s, attempts, { ...miniapp, outcome: "refused", reason: "market_closed" })).toBe(1);
    expect(sampled(s, attempts, { path: "bot" })).toBe(0);
    expect(s.text).not.toContain(`client="${client.id}"`);
  });

  it("counts the bot's adds under the bot's path", async () => {
    await t.db.update(marketSchedules).set({ isManuallyOpened: true });
    const mod = await seedModification(t.db, {
      quantity: 100,
      tiers: [
        { currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 100 },
        { currencyId: rub, quantityFrom: 10, smallWholesale: 90, largeWholesale: 90 },
      ],
    });
    await seedClient(t.db, { telegramId: 7_100_101, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 7_100_101, { deps: { metrics: metrics.bot() } });
    const button = (calls: CapturedCall[], text: string) => {
      const shown = calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1);
      const markup = shown?.payload.reply_markup as {
        inline_keyboard?: { text: string; callback_data: string }[][];
      };
      const found = (markup?.inline_keyboard ?? []).flat().find((b) => b.text === text);
      if (!found) throw new Error(`no button «${text}» in ${JSON.stringify(markup)}`);
      return found.callback_data;
    };
    let calls = await chat.press(
      cardData.pack({ modificationId: mod.id, productId: mod.productId, page: 1 }),
    );
    calls = await chat.press(button(calls, "10 шт"));
    await chat.press(button(calls, "✅ Подтвердить"));

    const s = await scrape(t.app.metricsUrl);
    const attempts = "wholesale_ordering_attempts_total";
    expect(sampled(s, attempts, { path: "bot", action: "add", outcome: "accepted" })).toBe(1);
    expect(sampled(s, attempts, { path: "miniapp", outcome: "accepted" })).toBe(1);
    await t.db.update(marketSchedules).set({ isManuallyOpened: false });
  });

  it("shows the outbox's waiting rows, due and deferred, and the oldest's age", async () => {
    const before = await scrape(t.app.metricsUrl);
    expect(sampled(before, "wholesale_outbox_waiting_messages")).toBe(0);
    expect(sampled(before, "wholesale_outbox_oldest_waiting_seconds")).toBe(0);

    const row = { clientId: null, chatId: 555_001, kind: "test", text: "ждёт" };
    await enqueueOutbox(t.db, [row, row, { ...row, notBefore: new Date(Date.now() + 3_600_000) }]);
    await t.db
      .insert(outboxMessages)
      .values({ chatId: 555_002, kind: "test", text: "давно", createdAt: new Date(Date.now() - 600_000) });
    await t.db.insert(outboxMessages).values({ chatId: 555_003, kind: "test", text: "ушло", status: "sent" });

    const s = await scrape(t.app.metricsUrl);
    expect(sampled(s, "wholesale_outbox_waiting_messages", { state: "due" })).toBe(3);
    expect(sampled(s, "wholesale_outbox_waiting_messages", { state: "deferred" })).toBe(1);
    expect(sampled(s, "wholesale_outbox_oldest_waiting_seconds")).toBeGreaterThanOrEqual(600);
  });

  it("reports the newest backup's time from the backups folder", async () => {
    const at = new Date("2026-11-26T21:10:00.000Z");
    writeFileSync(join(backups, backupName(new Date("2026-11-25T21:10:00.000Z"))), "");
    writeFileSync(join(backups, backupName(at)), "");
    writeFileSync(join(backups, `${backupName(new Date("2026-11-27T21:10:00.000Z"))}.partial`), "");
    const s = await scrape(t.app.metricsUrl);
    expect(sampled(s, "wholesale_backup_last_success_timestamp_seconds")).toBe(at.getTime() / 1000);
  });

  it("counts the bot's updates, their lag and its handler errors", async () => {
    // The bot's adds above were button presses: updates, but without a date of their own to lag by.
    const before = await scrape(t.app.metricsUrl);
    const updates = sampled(before, "wholesale_bot_updates_total");
    expect(sampled(before, "wholesale_bot_update_lag_seconds_count")).toBe(0);
    const chat = botChat(t.db, t.clock, 7_100_001, { deps: { metrics: metrics.bot() } });
    await chat.send("/start");
    const s = await scrape(t.app.metricsUrl);
    expect(sampled(s, "wholesale_bot_updates_total")).toBe(updates + 1);
    // The test's clock is a fixed moment in the past: the lag is how far behind it the real time is.
    expect(sampled(s, "wholesale_bot_update_lag_seconds_count")).toBe(1);
    expect(sampled(s, "wholesale_bot_update_lag_seconds_sum")).toBeGreaterThan(0);

    const failing = botChat(t.db, t.clock, 7_100_002, {
      deps: {
        metrics: metrics.bot(),
        db: new Proxy(t.db, {
          get: () => {
            throw new Error("the database is away");
          },
        }),
      },
    });
    await failing.send("/start");
    const after = await scrape(t.app.metricsUrl);
    expect(sampled(after, "wholesale_bot_updates_total")).toBe(updates + 2);
    expect(sampled(after, "wholesale_bot_handler_errors_total", { kind: "error" })).toBe(1);
  });

  it("counts job runs by job and outcome", async () => {
    let fails = 0;
    const scheduler = startScheduler(
      [
        { name: "test-ok", intervalMs: 10, run: async () => {} },
        {
          name: "test-failing",
          intervalMs: 10,
          run: async () => {
            fails++;
            throw new Error("failed on purpose");
          },
        },
      ],
      () => {},
      metrics.countJobRun,
    );
    await waitUntil("both jobs to have run", () => fails >= 1);
    await waitFor("the runs to be counted", async () => {
      const s = await scrape(t.app.metricsUrl);
      const ok = sampled(s, "wholesale_job_runs_total", { job: "test-ok", outcome: "ok" });
      const failed = sampled(s, "wholesale_job_runs_total", { job: "test-failing", outcome: "failed" });
      return ok >= 1 && failed >= 1 ? true : undefined;
    });
    await scheduler.stop();
  });

  it("shows statements waiting for a connection: the pool's waiting, or PGlite's queue", async () => {
    // Every connection (PGlite's one, the test pool's five) held by a transaction, and one more statement asked.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = t.database.kind === "postgres" ? 5 : 1;
    const held = Array.from({ length: holders }, () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await released;
      }),
    );
    const waiting = t.db.execute(sql`select 1`);
    const name = t.database.kind === "postgres" ? "wholesale_db_pool_waiting" : "wholesale_db_embedded_queue";
    try {
      await waitFor("a statement to wait for the database", async () => {
        const s = await scrape(t.app.metricsUrl);
        return sampled(s, name) >= 1 ? true : undefined;
      });
    } finally {
      release();
      await Promise.all([...held, waiting]);
    }
    await waitFor("the waiting statements to be gone", async () => {
      const s = await scrape(t.app.metricsUrl);
      return sampled(s, name) === 0 ? true : undefined;
    });
  });

  it("answers a scrape while the database hangs, with what it has", async () => {
    const timeouts = (s: Scrape) =>
      sampled(s, "wholesale_metrics_collect_failures_total", { source: "outbox", reason: "timeout" });
    const before = timeouts(await scrape(t.app.metricsUrl));
    const hold = holdStatements(t.db, /outbox_messages/);
    try {
      const s = await scrape(t.app.metricsUrl);
      expect(timeouts(s)).toBe(before + 1);
      // The values read last stay; everything else is there.
      expect(sampled(s, "wholesale_outbox_waiting_messages", { state: "due" })).toBe(3);
      expect(s.families).toContain("wholesale_http_request_duration_seconds");
      // A second scrape, the statement still hanging, answers as well.
      expect(timeouts(await scrape(t.app.metricsUrl))).toBe(before + 2);
    } finally {
      hold.release();
    }
    await waitFor("the outbox to be read again", async () => {
      const s = await scrape(t.app.metricsUrl);
      return sampled(s, "wholesale_outbox_waiting_messages", { state: "due" }) === 3 &&
        timeouts(s) === before + 2
        ? true
        : undefined;
    });
  });
});

describe("metrics of delivery", () => {
  let t: TestApp;
  let fake: FakeBotApi;
  let metrics: Metrics;
  beforeAll(async () => {
    fake = await startFakeBotApi();
    metrics = createMetrics();
    t = await createTestApp({
      metrics,
      delivery: {
        api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }),
        ratePerSecond: 20,
        retentionMs: 24 * 60 * 60 * 1000,
        idleMs: 20,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("counts sends by outcome, a 429 with the retry_after waited", async () => {
    fake.failNext("sendMessage", {
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    fake.failNext("sendMessage", {
      status: 403,
      description: "Forbidden: bot was blocked by the user",
      chatId: 556_003,
    });
    const row = { clientId: null, kind: "test", text: "привет" };
    await enqueueOutbox(t.db, [
      { ...row, chatId: 556_001 },
      { ...row, chatId: 556_002 },
      { ...row, chatId: 556_003 },
    ]);
    const s = await waitFor("every send to be counted", async () => {
      const now = await scrape(t.app.metricsUrl);
      return sampled(now, "wholesale_telegram_sends_total", { outcome: "delivered" }) >= 2 &&
        sampled(now, "wholesale_telegram_sends_total", { outcome: "blocked" }) >= 1
        ? now
        : undefined;
    });
    expect(sampled(s, "wholesale_telegram_sends_total", { outcome: "rate_limited" })).toBe(1);
    expect(sampled(s, "wholesale_telegram_retry_after_seconds_count")).toBe(1);
    expect(sampled(s, "wholesale_telegram_retry_after_seconds_sum")).toBe(1);
    expect(sampled(s, "wholesale_telegram_sends_total", { outcome: "delivered" })).toBe(2);
  });
});

describe("metrics of a database that is gone", () => {
  it("still answers the scrape, and counts the reads that failed", async () => {
    const metrics = createMetrics({ collectTimeoutMs: 300 });
    const t = await createTestApp({ metrics });
    try {
      await t.database.close();
      const s = await scrape(t.app.metricsUrl);
      expect(sampled(s, "wholesale_metrics_collect_failures_total", { source: "outbox" })).toBe(1);
      expect(s.families).toContain("process_cpu_seconds_total");
    } finally {
      await t.app.close();
    }
  });
});
