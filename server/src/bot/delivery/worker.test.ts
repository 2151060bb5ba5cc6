import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Db, openPostgres } from "../../db/client.ts";
import { seedGroup } from "../../db/factories/clients.ts";
import { subscribe } from "../../db/notifications.ts";
import { clientMessages, clients, outboxMessages } from "../../db/schema/index.ts";
import { systemClock } from "../../lib/clock.ts";
import { createMessageService } from "../../modules/messaging/index.ts";
import { type ClaimedRow, claimDue, enqueueOutbox, PAUSE_CHANNEL } from "../../modules/outbox/index.ts";
import { TEST_SECRET } from "../../test/app.ts";
import { openTestDatabase, secondInstance, type TestDatabase } from "../../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { TINY_PNG } from "../../test/multipart.ts";
import { WAIT_CEILING_MS, waitUntil } from "../../test/wait.ts";
import { createTelegramApi, type TelegramSettings } from "../telegram-api.ts";
import type { DeliveryOptions } from "./worker.ts";

let database: TestDatabase;
let fake: FakeBotApi;
const apps: FastifyInstance[] = [];
let nextChat = 900_000_000;
/**
 * Every Bot API call as it leaves a worker, and when its answer came back. Rates, gaps and pauses are checked
 * here, on what the worker did, never on when the fake got around to noting a call: the fake shares this
 * process's event loop with the database (PGlite runs on it), so a query that holds the loop delays reading
 * the calls already sent and the fake then notes them together, a burst that never left the worker (seen:
 * 342 arrivals in a second from sends paced at 238).
 */
type Departure = {
  method: string;
  at: number;
  chatId: number;
  /** Which instance's client made the call. */
  instance: string;
  answeredAt?: number;
  /** The Bot API's error code, when the call was refused. */
  refused?: number;
};
let departures: Departure[] = [];
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

/** A Bot API client to the fake (or where `settings` say), its calls noted in `departures` as `instance`'s. */
function recordedApi(settings: Partial<TelegramSettings> = {}, instance = "first", timeoutSeconds?: number) {
  const api = createTelegramApi(
    { token: fake.token, apiRoot: fake.apiRoot, ...settings },
    { timeoutSeconds },
  );
  api?.config.use(async (prev, method, payload, signal) => {
    const chatId = Number((payload as { chat_id?: unknown }).chat_id ?? 0);
    const departure: Departure = { method, at: Date.now(), chatId, instance };
    departures.push(departure);
    const answer = await prev(method, payload, signal);
    departure.answeredAt = Date.now();
    if (!answer.ok) departure.refused = answer.error_code;
    return answer;
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

const departuresOf = (method: string) => departures.filter((d) => d.method === method);
const departureTimes = (method: string) => departuresOf(method).map((d) => d.at);
/** Every row of the message recorded (sent, failed or unreachable): the broadcast is over. */
const allRecorded = (messageId: number) => async () => (await pendingOf(messageId)) === 0;

const sendsWith = (text: string) =>
  fake.calls.filter((c) => c.payload.text === text || c.payload.caption === text);

describe("delivery worker", () => {
  it(
    "delivers a 2,000-client broadcast exactly once each, never above the configured rate",
    async () => {
      const audience = await seedAudience(2000);
      await startInstance(database.db, { ratePerSecond: 200 });
      const message = await broadcast("Большая рассылка");
      expect(message.recipients).toBe(2000);
      // 2,000 sends are ten seconds of pacing and much more work than any other wait here: a starved machine
      // gets a ceiling in proportion.
      await waitUntil(
        "every row of the message to be recorded",
        allRecorded(message.id),
        4 * WAIT_CEILING_MS,
      );

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
    },
    5 * WAIT_CEILING_MS,
  );

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
    await waitUntil("the chat's three messages", () => fake.callsTo("sendMessage").length === 3);
    expect(fake.callsTo("sendMessage").map((c) => c.payload.text)).toEqual(["первое", "второе", "третье"]);
    const times = departureTimes("sendMessage");
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
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
    await waitUntil("every row of the message to be recorded", allRecorded(message.id));
    expect(sendsWith("После паузы")).toHaveLength(6);
    const [limited, ...rest] = departuresOf("sendMessage");
    expect(limited?.refused).toBe(429);
    const heardAt = limited?.answeredAt ?? Number.POSITIVE_INFINITY;
    // Nothing leaves before retry_after has passed since the 429 was heard. A send that left before it was
    // heard was already on its way (a slow machine hears the answer after the next slot came due).
    const after = rest.filter((call) => call.at >= heardAt);
    for (const call of after) expect(call.at - heardAt).toBeGreaterThanOrEqual(1000);
    // The refused row's own retry is among them.
    expect(after.map((call) => call.chatId)).toContain(limited?.chatId);
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
    await waitUntil("every row of the message to be recorded", allRecorded(first.id));
    const [row] = await database.db
      .select()
      .from(clients)
      .where(eq(clients.id, blocker?.id ?? 0));
    expect(row?.telegramUnreachableAt).toBeInstanceOf(Date);
    expect(await figures(first.id)).toMatchObject({ recipients: 2, delivered: 1, unreachable: 1 });

    // Resolved at send time, the next broadcast leaves the unreachable client out.
    const second = await broadcast("Вторая");
    await waitUntil("every row of the message to be recorded", allRecorded(second.id));
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
    await waitUntil("the row to be given up as unreachable", async () => {
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
    await waitUntil("every row of the message to be recorded", allRecorded(message.id));
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
    await waitUntil("every row of the message to be recorded", allRecorded(message.id));
    expect(sendsWith("Сдаёмся")).toHaveLength(3);
    expect(await figures(message.id)).toMatchObject({ delivered: 0, failed: 1 });
  });

  it("uploads a broadcast's photo once and reuses its file_id", async () => {
    await seedAudience(4, { clientType: 2 });
    await startInstance(database.db, { ratePerSecond: 50 });
    const message = await broadcast("С фото", TINY_PNG);
    await waitUntil("every row of the message to be recorded", allRecorded(message.id));
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
    await waitUntil("the first upload to leave", () => fake.callsTo("sendPhoto").length > 0);
    await new Promise((r) => setTimeout(r, uploadMs));
    resume();
    await waitUntil("every row of the message to be recorded", allRecorded(message.id));
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
    const [limited, ...rest] = departuresOf("sendPhoto");
    expect(limited?.refused).toBe(429);
    expect(rest).toHaveLength(5);
    for (const call of rest) expect(call.at - (limited?.answeredAt ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(fake.callsTo("sendPhoto").filter((c) => typeof c.payload.photo === "object")).toHaveLength(2);
    expect(await figures(message.id)).toMatchObject({ delivered: 5 });
  });

  it("loses nothing when stopped mid-broadcast and started again", async () => {
    await seedAudience(300, { clientType: 2 });
    const first = await startInstance(database.db, { ratePerSecond: 100 });
    const message = await broadcast("Перезапуск");
    await waitUntil("60 sends before the stop", () => sendsWith("Перезапуск").length >= 60);
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
    await waitUntil("every row of the message to be recorded", allRecorded(message.id));
    const chats = sendsWith("Перезапуск").map((c) => c.payload.chat_id);
    expect(chats).toHaveLength(300);
    expect(new Set(chats).size).toBe(300);
    expect(await figures(message.id)).toMatchObject({ delivered: 300 });
  });

  it("sends the rows of a worker that died holding them once their lease runs out", async () => {
    await seedAudience(20);
    const message = await broadcast("После сбоя");
    // A worker claims every row and dies before sending or marking any of them.
    const claimedAt = Date.now();
    const taken = await claimDue(database.db, 100, 1000);
    expect(taken).toHaveLength(20);
    await startInstance(database.db);
    await waitUntil("every row of the message to be recorded", allRecorded(message.id));
    // Not one went before the dead worker's lease had run out.
    for (const at of departureTimes("sendMessage")) expect(at - claimedAt).toBeGreaterThanOrEqual(1000);
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
        await waitUntil("60 sends before the kill", () => sendsWith("До убийства").length >= 60);
        // From now on no send is answered: what is answered so far is known, and the rest is in flight.
        resumeAll = fake.hang("sendMessage");
        const answered = sendsWith("До убийства").length - 1;
        // Each answered send is recorded at once, not when the slowest of its batch answers (never, here).
        await waitUntil(
          "the answered sends to be recorded",
          async () => (await sentOf(message.id)) === answered,
        );
        worker.kill("SIGKILL");
        await new Promise((resolve) => worker.once("exit", resolve));
        const inFlight = sendsWith("До убийства").length - answered;

        resumeAll();
        resumeHung();
        await startInstance(database.db, { ratePerSecond: 200 });
        await waitUntil("every row of the message to be recorded", allRecorded(message.id));
        const chats = sendsWith("До убийства").map((c) => Number(c.payload.chat_id));
        expect(new Set(chats)).toEqual(new Set(audience.map((c) => c.telegramId)));
        expect(
          chats.length - 150,
          `duplicates, with ${inFlight} sends in flight at the kill`,
        ).toBeLessThanOrEqual(inFlight);
        // However long the Bot API held them: a second's worth of the worker's 50 a second at most.
        expect(inFlight).toBeLessThanOrEqual(50);
      } finally {
        resumeAll();
        resumeHung();
        worker.kill("SIGKILL");
      }
    },
    3 * WAIT_CEILING_MS,
  );

  it("never has more than a second's worth of sends unanswered: the rest wait while the Bot API holds them", async () => {
    const audience = await seedAudience(60, { clientType: 2 });
    const resume = fake.hang("sendMessage");
    try {
      // The calls never time out here: every send is answered once, whenever the fake lets it go.
      await startInstance(database.db, { ratePerSecond: 20, api: recordedApi({}, "first", 600) });
      const message = await broadcast("Не больше секунды");
      await waitUntil("a second's worth of sends to leave", () => departuresOf("sendMessage").length >= 20);
      // The next send waits for one of them to be recorded; its slot passes, and its row is given back.
      await waitUntil("a row held back for want of a place", async () => {
        const held = await database.db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.clientMessageId, message.id),
              sql`${outboxMessages.lastError} like 'секунда отправок ещё без ответа%'`,
            ),
          );
        return held.length > 0;
      });
      expect(departuresOf("sendMessage")).toHaveLength(20);
      resume();
      await waitUntil("every row of the message to be recorded", allRecorded(message.id));
    } finally {
      resume();
    }
    const chats = departuresOf("sendMessage").map((d) => d.chatId);
    expect(chats.sort()).toEqual(audience.map((c) => c.telegramId).sort());
    // At no moment were more than 20 calls out: each call's time from leaving to its answer, overlapped.
    const edges = departuresOf("sendMessage").flatMap((d) => [
      { at: d.at, step: 1 },
      { at: d.answeredAt ?? Number.POSITIVE_INFINITY, step: -1 },
    ]);
    edges.sort((a, b) => a.at - b.at || a.step - b.step);
    let out = 0;
    let most = 0;
    for (const edge of edges) {
      out += edge.step;
      most = Math.max(most, out);
    }
    expect(most).toBe(20);
  });

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
      await waitUntil("the four accepted records", async () => (await sentOf(message.id)) === 4);
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
      await waitUntil("every row of the message to be recorded", allRecorded(message.id));
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
        await waitUntil("every row of the message to be recorded", allRecorded(message.id));
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
    3 * WAIT_CEILING_MS,
  );

  it("stops the other instance's sends too on a 429, including those it has already scheduled", async () => {
    await seedAudience(10, { clientType: 2 });
    const second = await secondInstance(database);
    // When the pause was announced: the other instance hears it in the same turn of this process.
    const announced: number[] = [];
    const listening = subscribe(database.db, PAUSE_CHANNEL, { onMessage: () => announced.push(Date.now()) });
    try {
      // Five a second: each instance's batch of five spans a second, the second one's after the first's.
      await startInstance(database.db, { ratePerSecond: 5, api: recordedApi({}, "first") });
      await startInstance(second.db, { ratePerSecond: 5, api: recordedApi({}, "second") });
      const resume = fake.hang("sendMessage");
      fake.failNext("sendMessage", {
        status: 429,
        description: "Too Many Requests: retry after 3",
        retryAfter: 3,
      });
      const message = await broadcast("Пауза для всех");
      await waitUntil(
        "both instances to have claimed and scheduled their batches, and the first call to be out",
        async () => (await unclaimedOf(message.id)) === 0 && fake.callsTo("sendMessage").length > 0,
      );
      resume();
      await waitUntil("every row of the message to be recorded", allRecorded(message.id));
      const limited = departuresOf("sendMessage").find((d) => d.refused === 429);
      const heardAt = announced[0];
      if (!limited?.answeredAt || heardAt === undefined)
        throw new Error("the 429 was not heard and announced");
      // Each instance sends nothing for retry_after from when it learnt of the pause: the one refused from
      // its answer, the other from the announcement. Both had sends scheduled in between.
      for (const d of departuresOf("sendMessage")) {
        const learnt = d.instance === limited.instance ? limited.answeredAt : heardAt;
        if (d.at > learnt)
          expect(d.at - learnt, `a send of the ${d.instance} instance`).toBeGreaterThanOrEqual(3000);
      }
      expect(departuresOf("sendMessage").filter((d) => d.at > heardAt).length).toBeGreaterThan(0);
      expect(await figures(message.id)).toMatchObject({ delivered: 10 });
    } finally {
      await listening.close();
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await second.close();
    }
  });

  it.each([
    ["a wrong token (401)", () => ({ token: "7000001:wrong" })],
    ["a wrong API root (404)", () => ({ apiRoot: `${fake.apiRoot}/wrong` })],
  ])("keeps the rows waiting on %s and logs it once a try, not once a row", async (_, settings) => {
    const chats = new Set((await seedAudience(20, { clientType: 2 })).map((c) => c.telegramId));
    const logged: unknown[] = [];
    const app = await startInstance(database.db, {
      api: recordedApi(settings()),
      // Long enough that the first try is the only one this test sees.
      misconfiguredPauseMs: 60_000,
      onError: (error, context) => {
        if (context === "bot-api") logged.push(error);
      },
    });
    // Every call of the first try leaves before any refusal comes back, then all twenty are refused at once.
    const resume = fake.hang("sendMessage");
    const message = await broadcast("Не та настройка");
    await waitUntil(
      "the first try's twenty calls",
      () => departuresOf("sendMessage").filter((d) => chats.has(d.chatId)).length === 20,
    );
    resume();
    await waitUntil("the twenty refusals to be recorded", async () => {
      const rows = await database.db
        .select({ lastError: outboxMessages.lastError })
        .from(outboxMessages)
        .where(eq(outboxMessages.clientMessageId, message.id));
      return rows.every((r) => /^40[14]/.test(r.lastError ?? ""));
    });
    expect(logged).toHaveLength(1);
    expect(String(logged[0])).toContain("TELEGRAM_BOT_TOKEN");
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    const rows = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.clientMessageId, message.id));
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(row).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("tries again after its pause once the Bot API refused its token", async () => {
    await seedAudience(3, { clientType: 2 });
    const logged: unknown[] = [];
    await startInstance(database.db, {
      api: recordedApi({ token: "7000001:wrong" }),
      misconfiguredPauseMs: 300,
      onError: (error, context) => {
        if (context === "bot-api") logged.push(error);
      },
    });
    const message = await broadcast("Снова не та настройка");
    await waitUntil("three tries, each logged", () => logged.length >= 3);
    expect(await pendingOf(message.id)).toBe(3);
    const refused = departuresOf("sendMessage").filter((d) => d.refused === 401);
    expect(refused.length).toBeGreaterThanOrEqual(3);
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
