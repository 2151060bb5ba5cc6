import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Db, openPostgres } from "../../db/client.ts";
import { seedGroup } from "../../db/factories/clients.ts";
import { clientMessages, clients, outboxMessages } from "../../db/schema/index.ts";
import { systemClock } from "../../lib/clock.ts";
import { createMessageService } from "../../modules/messaging/index.ts";
import { type ClaimedRow, claimDue, enqueueOutbox } from "../../modules/outbox/index.ts";
import { TEST_SECRET } from "../../test/app.ts";
import { openTestDatabase, secondInstance, type TestDatabase } from "../../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { TINY_PNG } from "../../test/multipart.ts";
import { createTelegramApi, type TelegramSettings } from "../telegram-api.ts";
import type { DeliveryOptions } from "./worker.ts";

let database: TestDatabase;
let fake: FakeBotApi;
const apps: FastifyInstance[] = [];
let nextChat = 900_000_000;
/**
 * Every Bot API call as it leaves a worker. Rates are checked here: the fake shares this process's event
 * loop with the database (PGlite runs on it), so a query that holds the loop delays reading the calls
 * already sent and the fake then notes them together, a burst that never left the worker (seen: 342
 * arrivals in a second from sends paced at 238).
 */
let departures: { method: string; at: number }[] = [];
let groupId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  fake = await startFakeBotApi();
  departures = [];
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await fake.close();
});

/** A Bot API client to the fake (or where `settings` say), its calls noted in `departures`. */
function recordedApi(settings: Partial<TelegramSettings> = {}) {
  // A generous timeout: on a loaded machine a short one would time out calls the fake did receive,
  // and their retries would be the (documented) duplicates of a lost answer, not what is tested here.
  const api = createTelegramApi(
    { token: fake.token, apiRoot: fake.apiRoot, ...settings },
    { timeoutSeconds: 60 },
  );
  api?.config.use((prev, method, payload, signal) => {
    departures.push({ method, at: Date.now() });
    return prev(method, payload, signal);
  });
  return api;
}

/** A server instance with the delivery worker, on the given database, talking to the fake Bot API. */
async function startInstance(
  db: Db,
  options: Partial<Omit<DeliveryOptions, "db">> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    clock: systemClock,
    jwtSecret: TEST_SECRET,
    webDist: null,
    delivery: {
      api: recordedApi(),
      ratePerSecond: 500,
      retentionMs: 24 * 60 * 60 * 1000,
      idleMs: 20,
      retry: { baseDelayMs: 50, maxDelayMs: 400, maxAttempts: 3 },
      ...options,
    },
  });
  await app.ready();
  apps.push(app);
  return app;
}

/** A delivery worker in a process of its own (to be killed), on this file's PostgreSQL database. */
async function startWorkerProcess(settings: {
  ratePerSecond: number;
  leaseMs: number;
}): Promise<ChildProcess> {
  const url = new URL(database.url ?? "");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("../../test/delivery-process.ts", import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        TELEGRAM_BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
        RATE_PER_SECOND: String(settings.ratePerSecond),
        LEASE_MS: String(settings.leaseMs),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the worker process exited (${code})`)));
  });
  return child;
}

/** Active clients with chats in a group of their own (each test broadcasts to its group), inserted in bulk. */
async function seedAudience(count: number, values: Partial<typeof clients.$inferInsert> = {}) {
  const group = await seedGroup(database.db);
  groupId = group.id;
  const rows: { id: number; telegramId: number | null }[] = [];
  for (let i = 0; i < count; i += 1000) {
    const chunk = Array.from({ length: Math.min(1000, count - i) }, () => {
      nextChat += 1;
      return {
        nickname: `Получатель ${nextChat}`,
        telegramId: nextChat,
        clientType: 3,
        isActive: true,
        groupId: group.id,
        ...values,
      };
    });
    rows.push(
      ...(await database.db
        .insert(clients)
        .values(chunk)
        .returning({ id: clients.id, telegramId: clients.telegramId })),
    );
  }
  return rows;
}

/** A message sent now to the group of the last seeded audience. */
const broadcast = (text: string, photo: Buffer | null = null) =>
  createMessageService({ db: database.db, clock: systemClock }).sendNow(
    { text, group: groupId },
    photo ? { data: photo, name: "p.png" } : null,
    null,
  );

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const sentOf = async (messageId: number) =>
  (
    await database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.clientMessageId, messageId), eq(outboxMessages.status, "sent")))
  ).length;

const pendingOf = async (messageId: number) =>
  (
    await database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.clientMessageId, messageId), eq(outboxMessages.status, "pending")))
  ).length;

/** Rows of the message no worker has claimed yet. */
const unclaimedOf = async (messageId: number) =>
  (
    await database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.clientMessageId, messageId), eq(outboxMessages.attempts, 0)))
  ).length;

const figures = async (messageId: number) => {
  const [row] = await database.db.select().from(clientMessages).where(eq(clientMessages.id, messageId));
  return row;
};

/** The most calls falling in any window of `windowMs`. */
function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to++) {
    while ((sorted[to] ?? 0) - (sorted[from] ?? 0) >= windowMs) from++;
    best = Math.max(best, to - from + 1);
  }
  return best;
}

const departureTimes = (method: string) => departures.filter((d) => d.method === method).map((d) => d.at);

const sendsWith = (text: string) =>
  fake.calls.filter((c) => c.payload.text === text || c.payload.caption === text);

describe("delivery worker", () => {
  it("delivers a 2,000-client broadcast exactly once each, never above the configured rate", async () => {
    const audience = await seedAudience(2000);
    await startInstance(database.db, { ratePerSecond: 200 });
    const message = await broadcast("Большая рассылка");
    expect(message.recipients).toBe(2000);
    await waitFor(async () => (await pendingOf(message.id)) === 0, 30_000);

    const sends = sendsWith("Большая рассылка");
    const chats = sends.map((c) => Number(c.payload.chat_id));
    expect(chats).toHaveLength(2000);
    expect(new Set(chats).size).toBe(2000);
    expect(new Set(chats)).toEqual(new Set(audience.map((c) => c.telegramId)));
    expect(maxInWindow(departureTimes("sendMessage"), 1000)).toBeLessThanOrEqual(200);
    expect(await figures(message.id)).toMatchObject({
      recipients: 2000,
      delivered: 2000,
      failed: 0,
      unreachable: 0,
    });
  }, 90_000);

  it("sends one chat at most one message a second, in the order queued", async () => {
    const [client] = await seedAudience(1);
    if (!client?.telegramId) throw new Error("no client");
    await database.db.transaction((tx) =>
      enqueueOutbox(
        tx,
        ["первое", "второе", "третье"].map((text) => ({
          clientId: client.id,
          chatId: client.telegramId ?? 0,
          kind: "test",
          text,
        })),
      ),
    );
    await startInstance(database.db);
    await waitFor(async () => fake.callsTo("sendMessage").length === 3);
    const calls = fake.callsTo("sendMessage");
    expect(calls.map((c) => c.payload.text)).toEqual(["первое", "второе", "третье"]);
    const gaps = calls.slice(1).map((c, i) => c.at - (calls[i]?.at ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it("waits retry_after on a 429 before sending anything else", async () => {
    await seedAudience(5);
    fake.failNext("sendMessage", {
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    // Slow enough that the 429 is answered before the next send is due.
    await startInstance(database.db, { ratePerSecond: 20 });
    const message = await broadcast("После паузы");
    await waitFor(async () => (await pendingOf(message.id)) === 0);
    const calls = sendsWith("После паузы");
    const [limited, ...rest] = calls;
    expect(rest.length).toBe(5);
    for (const call of rest) expect(call.at - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(await figures(message.id)).toMatchObject({ delivered: 5 });
  });

  it("marks a client who blocked the bot unreachable and sends them nothing more", async () => {
    const [blocker, other] = await seedAudience(2, { clientType: 2 });
    fake.failNext("sendMessage", {
      status: 403,
      description: "Forbidden: bot was blocked by the user",
      chatId: blocker?.telegramId ?? 0,
    });
    await startInstance(database.db);
    const first = await broadcast("Первая");
    await waitFor(async () => (await pendingOf(first.id)) === 0);
    const [row] = await database.db
      .select()
      .from(clients)
      .where(eq(clients.id, blocker?.id ?? 0));
    expect(row?.telegramUnreachableAt).toBeInstanceOf(Date);
    expect(await figures(first.id)).toMatchObject({ recipients: 2, delivered: 1, unreachable: 1 });

    // Resolved at send time, the next broadcast leaves the unreachable client out.
    const second = await broadcast("Вторая");
    await waitFor(async () => (await pendingOf(second.id)) === 0);
    expect(sendsWith("Вторая").map((c) => c.payload.chat_id)).toEqual([other?.telegramId]);
  });

  it("does not send a queued row to a client already known to have blocked the bot", async () => {
    const [blocked] = await seedAudience(1, { telegramUnreachableAt: new Date() });
    await database.db.transaction((tx) =>
      enqueueOutbox(tx, [
        {
          clientId: blocked?.id ?? 0,
          chatId: blocked?.telegramId ?? 0,
          kind: "orders_summary",
          text: "Сводка",
        },
      ]),
    );
    await startInstance(database.db);
    await waitFor(async () => {
      const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.text, "Сводка"));
      return row?.status === "unreachable";
    });
    expect(sendsWith("Сводка")).toHaveLength(0);
  });

  it("retries a 500 with backoff, and fails a 400 «chat not found» without retrying", async () => {
    const [flaky, gone] = await seedAudience(2, { clientType: 2 });
    fake.failNext("sendMessage", {
      status: 500,
      description: "Internal Server Error",
      chatId: flaky?.telegramId ?? 0,
    });
    fake.failNext("sendMessage", {
      status: 400,
      description: "Bad Request: chat not found",
      chatId: gone?.telegramId ?? 0,
    });
    await startInstance(database.db);
    const message = await broadcast("Повтор");
    await waitFor(async () => (await pendingOf(message.id)) === 0);
    const calls = sendsWith("Повтор");
    expect(calls.filter((c) => c.payload.chat_id === flaky?.telegramId)).toHaveLength(2);
    expect(calls.filter((c) => c.payload.chat_id === gone?.telegramId)).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.clientMessageId, message.id));
    expect(rows.find((r) => r.chatId === flaky?.telegramId)).toMatchObject({ status: "sent", attempts: 2 });
    expect(rows.find((r) => r.chatId === gone?.telegramId)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await figures(message.id)).toMatchObject({ delivered: 1, failed: 1 });
  });

  it("gives up after the retry limit on repeated server errors", async () => {
    const [client] = await seedAudience(1, { clientType: 2 });
    for (let i = 0; i < 3; i++) {
      fake.failNext("sendMessage", {
        status: 502,
        description: "Bad Gateway",
        chatId: client?.telegramId ?? 0,
      });
    }
    await startInstance(database.db);
    const message = await broadcast("Сдаёмся");
    await waitFor(async () => (await pendingOf(message.id)) === 0);
    expect(sendsWith("Сдаёмся")).toHaveLength(3);
    expect(await figures(message.id)).toMatchObject({ delivered: 0, failed: 1 });
  });

  it("uploads a broadcast's photo once and reuses its file_id", async () => {
    await seedAudience(4, { clientType: 2 });
    await startInstance(database.db, { ratePerSecond: 50 });
    const message = await broadcast("С фото", TINY_PNG);
    await waitFor(async () => (await pendingOf(message.id)) === 0);
    const photos = fake.callsTo("sendPhoto");
    expect(photos).toHaveLength(4);
    expect(photos.filter((c) => typeof c.payload.photo === "object")).toHaveLength(1);
    const fileId = photos.find((c) => typeof c.payload.photo === "string")?.payload.photo;
    expect(photos.filter((c) => c.payload.photo === fileId)).toHaveLength(3);
    expect((await figures(message.id))?.photoFileId).toBe(fileId);
  });

  /**
   * Broadcasts a photo whose first upload is answered only after `uploadMs` (the other recipients' slots
   * pass meanwhile), and waits for the broadcast to be done.
   */
  async function broadcastSlowUpload(text: string, ratePerSecond: number, uploadMs: number) {
    await startInstance(database.db, { ratePerSecond });
    const resume = fake.hang("sendPhoto");
    const message = await broadcast(text, TINY_PNG);
    await waitFor(async () => fake.callsTo("sendPhoto").length > 0);
    await new Promise((r) => setTimeout(r, uploadMs));
    resume();
    await waitFor(async () => (await pendingOf(message.id)) === 0);
    return message;
  }

  it("keeps the pace of a photo broadcast however long the first upload takes", async () => {
    await seedAudience(60, { clientType: 2 });
    await broadcastSlowUpload("Долгая загрузка", 20, 2000);
    const photos = fake.callsTo("sendPhoto");
    expect(photos).toHaveLength(60);
    expect(photos.filter((c) => typeof c.payload.photo === "object")).toHaveLength(1);
    expect(maxInWindow(departureTimes("sendPhoto"), 1000)).toBeLessThanOrEqual(20);
  });

  it("hands a failed photo upload to the next recipient, and the rest reuse that upload", async () => {
    await seedAudience(5, { clientType: 2 });
    fake.failNext("sendPhoto", { status: 403, description: "Forbidden: bot was blocked by the user" });
    const message = await broadcastSlowUpload("Фото после отказа", 50, 300);
    const photos = fake.callsTo("sendPhoto");
    expect(photos).toHaveLength(5);
    expect(photos.filter((c) => typeof c.payload.photo === "object")).toHaveLength(2);
    expect(await figures(message.id)).toMatchObject({ delivered: 4, unreachable: 1 });
  });

  it("waits retry_after on a 429 to the photo upload before sending anything, then uploads once", async () => {
    await seedAudience(5, { clientType: 2 });
    fake.failNext("sendPhoto", {
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    const message = await broadcastSlowUpload("Фото после паузы", 50, 300);
    const [limited, ...rest] = fake.callsTo("sendPhoto");
    expect(rest).toHaveLength(5);
    for (const call of rest) expect(call.at - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(rest.filter((c) => typeof c.payload.photo === "object")).toHaveLength(1);
    expect(await figures(message.id)).toMatchObject({ delivered: 5 });
  });

  it("loses nothing when stopped mid-broadcast and started again", async () => {
    await seedAudience(300, { clientType: 2 });
    const first = await startInstance(database.db, { ratePerSecond: 100 });
    const message = await broadcast("Перезапуск");
    await waitFor(async () => sendsWith("Перезапуск").length >= 60);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const sentBeforeRestart = sendsWith("Перезапуск").length;
    expect(sentBeforeRestart).toBeLessThan(300);
    // A clean stop marks what was sent and leaves the rest due at once (no lease to wait out).
    const [stuck] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.clientMessageId, message.id),
          eq(outboxMessages.status, "pending"),
          sql`${outboxMessages.nextAttemptAt} > now() + interval '5 seconds'`,
        ),
      );
    expect(stuck?.n).toBe(0);
    await startInstance(database.db, { ratePerSecond: 400 });
    await waitFor(async () => (await pendingOf(message.id)) === 0);
    const chats = sendsWith("Перезапуск").map((c) => c.payload.chat_id);
    expect(chats).toHaveLength(300);
    expect(new Set(chats).size).toBe(300);
    expect(await figures(message.id)).toMatchObject({ delivered: 300 });
  });

  it("sends the rows of a worker that died holding them once their lease runs out", async () => {
    await seedAudience(20);
    const message = await broadcast("После сбоя");
    // A worker claims every row and dies before sending or marking any of them.
    const taken = await claimDue(database.db, 100, 500);
    expect(taken).toHaveLength(20);
    await startInstance(database.db);
    await new Promise((r) => setTimeout(r, 200));
    expect(sendsWith("После сбоя")).toHaveLength(0);
    await waitFor(async () => (await pendingOf(message.id)) === 0);
    const chats = sendsWith("После сбоя").map((c) => c.payload.chat_id);
    expect(new Set(chats).size).toBe(20);
    expect(chats).toHaveLength(20);
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "re-sends after a kill -9 no more than the sends in flight, though one chat's send hangs",
    async () => {
      const audience = await seedAudience(150, { clientType: 2 });
      const hungChat = audience[3]?.telegramId ?? 0;
      const resumeHung = fake.hang("sendMessage", hungChat);
      const worker = await startWorkerProcess({ ratePerSecond: 50, leaseMs: 300 });
      let resumeAll = () => {};
      try {
        const message = await broadcast("До убийства");
        await waitFor(async () => sendsWith("До убийства").length >= 60);
        // From now on no send is answered: what is answered so far is known, and the rest is in flight.
        resumeAll = fake.hang("sendMessage");
        const answered = sendsWith("До убийства").length - 1;
        // Each answered send is recorded at once, not when the slowest of its batch answers (never, here).
        await waitFor(async () => (await sentOf(message.id)) === answered, 3000).catch(() => {});
        worker.kill("SIGKILL");
        await new Promise((resolve) => worker.once("exit", resolve));
        const inFlight = sendsWith("До убийства").length - answered;

        resumeAll();
        resumeHung();
        await startInstance(database.db, { ratePerSecond: 200 });
        await waitFor(async () => (await pendingOf(message.id)) === 0);
        const chats = sendsWith("До убийства").map((c) => Number(c.payload.chat_id));
        expect(new Set(chats)).toEqual(new Set(audience.map((c) => c.telegramId)));
        expect(
          chats.length - 150,
          `duplicates, with ${inFlight} sends in flight at the kill`,
        ).toBeLessThanOrEqual(inFlight);
      } finally {
        resumeAll();
        resumeHung();
        worker.kill("SIGKILL");
      }
    },
    60_000,
  );

  it("records the other answers of a write when the database refuses one row's record", async () => {
    const audience = await seedAudience(5, { clientType: 2 });
    const refused = audience[2]?.telegramId ?? 0;
    await database.db.execute(sql`create function refuse_record() returns trigger language plpgsql as $$
      begin raise exception 'record refused'; end $$`);
    await database.db.execute(
      sql.raw(`create trigger refuse_record before update on outbox_messages for each row
      when (new.status = 'sent' and new.chat_id = ${refused}) execute function refuse_record()`),
    );
    try {
      await startInstance(database.db);
      const message = await broadcast("Одна запись не принята");
      await waitFor(async () => (await sentOf(message.id)) === 4);
      expect(await figures(message.id)).toMatchObject({ delivered: 4 });
    } finally {
      await database.db.execute(sql`drop trigger refuse_record on outbox_messages`);
      await database.db.execute(sql`drop function refuse_record()`);
      // The refused row waits for its lease; later tests need none of its sends.
      await database.db
        .update(outboxMessages)
        .set({ status: "failed" })
        .where(and(eq(outboxMessages.chatId, refused), eq(outboxMessages.status, "pending")));
    }
  });

  it("sends nothing without a bot token: the rows wait", async () => {
    await seedAudience(3, { clientType: 2 });
    await startInstance(database.db, { api: null });
    const message = await broadcast("Без токена");
    await new Promise((r) => setTimeout(r, 300));
    expect(await pendingOf(message.id)).toBe(3);
    expect(fake.calls).toHaveLength(0);
  });

  it("two instances on one database deliver a broadcast with no duplicate", async () => {
    await seedAudience(600, { clientType: 2 });
    const second = await secondInstance(database);
    try {
      await startInstance(database.db, { ratePerSecond: 300 });
      await startInstance(second.db, { ratePerSecond: 300 });
      const message = await broadcast("Два сервера");
      await waitFor(async () => (await pendingOf(message.id)) === 0);
      const chats = sendsWith("Два сервера").map((c) => c.payload.chat_id);
      expect(chats).toHaveLength(600);
      expect(new Set(chats).size).toBe(600);
      // The pace is shared: together they keep to the configured rate, not twice it.
      expect(maxInWindow(departureTimes("sendMessage"), 1000)).toBeLessThanOrEqual(300);
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await second.close();
    }
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "two instances keep the rate in every second even when one hears of its slots late",
    async () => {
      await seedAudience(600, { clientType: 2 });
      // The slow instance gets each reservation's answer 200 ms after the database placed its slots, as on a
      // busy event loop; the other at once. Each places the slots on its own clock from what it hears.
      await database.db.execute(sql`create function answer_late() returns trigger language plpgsql as $$
        begin
          if current_setting('application_name') = 'slow' then perform pg_sleep(0.2); end if;
          return null;
        end $$`);
      await database.db.execute(sql`create trigger answer_late after insert or update on outbox_pacing
        for each row execute function answer_late()`);
      const slow = await secondInstance(database, "slow");
      try {
        await startInstance(database.db, { ratePerSecond: 100 });
        await startInstance(slow.db, { ratePerSecond: 100 });
        const message = await broadcast("Поздние ответы");
        await waitFor(async () => (await pendingOf(message.id)) === 0, 40_000);
        const chats = sendsWith("Поздние ответы").map((c) => c.payload.chat_id);
        expect(new Set(chats).size).toBe(600);
        expect(maxInWindow(departureTimes("sendMessage"), 1000)).toBeLessThanOrEqual(100);
      } finally {
        await Promise.all(apps.splice(0).map((app) => app.close()));
        await slow.close();
        await database.db.execute(sql`drop trigger answer_late on outbox_pacing`);
        await database.db.execute(sql`drop function answer_late()`);
      }
    },
    60_000,
  );

  it("stops the other instance's sends too on a 429, including those it has already scheduled", async () => {
    await seedAudience(10, { clientType: 2 });
    const second = await secondInstance(database);
    try {
      // Five a second: each instance's batch of five spans a second, the second one's after the first's.
      await startInstance(database.db, { ratePerSecond: 5 });
      await startInstance(second.db, { ratePerSecond: 5 });
      const resume = fake.hang("sendMessage");
      fake.failNext("sendMessage", {
        status: 429,
        description: "Too Many Requests: retry after 3",
        retryAfter: 3,
      });
      const message = await broadcast("Пауза для всех");
      // Both instances have claimed and scheduled their batches, and the first call is out, before it is answered.
      await waitFor(
        async () => (await unclaimedOf(message.id)) === 0 && fake.callsTo("sendMessage").length > 0,
      );
      const answeredFrom = Date.now();
      resume();
      await waitFor(async () => (await pendingOf(message.id)) === 0);
      const later = departureTimes("sendMessage").filter((at) => at > answeredFrom);
      expect(later.length).toBeGreaterThan(0);
      for (const at of later) expect(at - answeredFrom).toBeGreaterThanOrEqual(3000);
      expect(await figures(message.id)).toMatchObject({ delivered: 10 });
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await second.close();
    }
  });

  it.each([
    ["a wrong token (401)", () => ({ token: "7000001:wrong" })],
    ["a wrong API root (404)", () => ({ apiRoot: `${fake.apiRoot}/wrong` })],
  ])("keeps the rows waiting on %s, logs it once a try and tries again later", async (_, settings) => {
    await seedAudience(20, { clientType: 2 });
    const logged: unknown[] = [];
    const app = await startInstance(database.db, {
      api: recordedApi(settings()),
      misconfiguredPauseMs: 300,
      onError: (error, context) => {
        if (context === "bot-api") logged.push(error);
      },
    });
    const message = await broadcast("Не та настройка");
    await waitFor(async () => logged.length >= 3);
    await app.close();
    apps.splice(apps.indexOf(app), 1);

    const rows = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.clientMessageId, message.id));
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(row).toMatchObject({ status: "pending", attempts: 0 });
    // One line per try: the calls of a try come close together, tries a pause apart.
    const times = departureTimes("sendMessage");
    const tries = times.filter((at, i) => i === 0 || at - (times[i - 1] ?? 0) > 150);
    expect(logged).toHaveLength(tries.length);
    expect(String(logged[0])).toContain("TELEGRAM_BOT_TOKEN");
  });
});

describe("claiming", () => {
  it.skipIf(process.env.TEST_DB !== "postgres")(
    "claims at most its limit even on a plan PostgreSQL made while nothing was due",
    async () => {
      // Connections prepare the claim and PostgreSQL may keep one generic plan for it, made while the
      // outbox was empty. Such a plan once ran the limited subquery again for every row, and SKIP LOCKED
      // let each run take the next rows: one claim took all 10,000 rows of a broadcast, in 12 s.
      const fresh = await openTestDatabase();
      const url = new URL(fresh.url ?? "");
      await fresh.db.execute(
        sql.raw(`alter database "${url.pathname.slice(1)}" set plan_cache_mode = force_generic_plan`),
      );
      const one = await openPostgres(url.toString(), { max: 1 });
      try {
        // Analysed while empty, as autovacuum leaves a quiet outbox: the plan then expects one row.
        await one.db.execute(sql`analyze outbox_messages`);
        expect(await claimDue(one.db, 25, 60_000)).toEqual([]);
        await enqueueOutbox(
          one.db,
          Array.from({ length: 2000 }, (_, i) => ({
            clientId: null,
            chatId: 1 + i,
            kind: "test",
            text: "т",
          })),
        );
        for (let claim = 0; claim < 3; claim++) {
          expect((await claimDue(one.db, 25, 60_000)).length).toBe(25);
        }
      } finally {
        await one.close();
        await fresh.close();
      }
    },
  );

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "never gives two instances claiming at once two rows of one chat",
    async () => {
      // Rows other tests left waiting would be claimed first.
      await database.db
        .update(outboxMessages)
        .set({ status: "failed" })
        .where(eq(outboxMessages.status, "pending"));
      const [client] = await seedAudience(1);
      const chatId = client?.telegramId ?? 0;
      await enqueueOutbox(
        database.db,
        ["первое", "второе"].map((text) => ({ clientId: client?.id ?? 0, chatId, kind: "test", text })),
      );
      const second = await secondInstance(database);
      try {
        let theirs: Promise<ClaimedRow[]> = Promise.resolve([]);
        const mine = await database.db.transaction(async (tx) => {
          const rows = await claimDue(tx, 1, 60_000);
          // Another instance claims while this claim has not committed yet.
          theirs = claimDue(second.db, 10, 60_000);
          await new Promise((r) => setTimeout(r, 300));
          return rows;
        });
        expect(mine.map((r) => r.text)).toEqual(["первое"]);
        expect(await theirs).toEqual([]);
      } finally {
        await second.close();
      }
    },
  );
});
