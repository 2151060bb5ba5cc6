import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, type Db, openPostgres } from "../../db/client.ts";
import { seedGroup } from "../../db/factories/clients.ts";
import { clientMessages, clients, outboxMessages } from "../../db/schema/index.ts";
import { systemClock } from "../../lib/clock.ts";
import { createMessageService } from "../../modules/messaging/message-service.ts";
import { enqueueOutbox } from "../../modules/messaging/outbox.ts";
import { TEST_SECRET } from "../../test/app.ts";
import { openTestDatabase } from "../../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { TINY_PNG } from "../../test/multipart.ts";
import { createTelegramApi } from "../telegram-api.ts";
import { claimDue } from "./outbox-store.ts";
import type { DeliveryOptions } from "./worker.ts";

let database: Database;
let fake: FakeBotApi;
const apps: FastifyInstance[] = [];
let nextChat = 900_000_000;
let groupId = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  fake = await startFakeBotApi();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await fake.close();
});

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
      // A generous timeout: on a loaded machine a short one would time out calls the fake did receive,
      // and their retries would be the (documented) duplicates of a lost answer, not what is tested here.
      api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }, { timeoutSeconds: 60 }),
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

const pendingOf = async (messageId: number) =>
  (
    await database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.clientMessageId, messageId), eq(outboxMessages.status, "pending")))
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
    expect(
      maxInWindow(
        fake.calls.map((c) => c.at),
        1000,
      ),
    ).toBeLessThanOrEqual(400);
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
    const second = await secondConnection(database);
    try {
      await startInstance(database.db, { ratePerSecond: 300 });
      await startInstance(second.db, { ratePerSecond: 300 });
      const message = await broadcast("Два сервера");
      await waitFor(async () => (await pendingOf(message.id)) === 0);
      const chats = sendsWith("Два сервера").map((c) => c.payload.chat_id);
      expect(chats).toHaveLength(600);
      expect(new Set(chats).size).toBe(600);
      // The pace is shared: together they keep to the configured rate, not twice it. The fake notes a call
      // when it arrives; on a busy machine a few calls paced into one second arrive in the next, so the
      // count may pass the rate by the few percent the worker's own margin leaves for that jitter.
      expect(
        maxInWindow(
          fake.calls.map((c) => c.at),
          1000,
        ),
      ).toBeLessThanOrEqual(300 * 1.05);
    } finally {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await second.close();
    }
  });
});

/** On PostgreSQL a second pool to the same database (a real second instance); on PGlite the same one. */
async function secondConnection(db: Database): Promise<{ db: Db; close: () => Promise<void> }> {
  if (db.kind !== "postgres") return { db: db.db, close: async () => {} };
  const result = (await db.db.execute(sql`select current_database() as name`)) as {
    rows: { name: string }[];
  };
  const name = result.rows[0]?.name ?? "";
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${name}`;
  const other = await openPostgres(url.toString(), { max: 3 });
  return { db: other.db, close: other.close };
}
