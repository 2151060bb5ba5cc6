import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import type { Database, Db } from "../../db/client.ts";
import { seedGroup } from "../../db/factories/clients.ts";
import { clients, outboxMessages } from "../../db/schema/index.ts";
import { systemClock } from "../../lib/clock.ts";
import { createMessageService } from "../../modules/messaging/index.ts";
import { TEST_SECRET } from "../../test/app.ts";
import { openTestDatabase, secondInstance, type TestDatabase } from "../../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../../test/fake-bot-api.ts";
import { waitUntil } from "../../test/wait.ts";
import { createTelegramApi } from "../telegram-api.ts";
import type { DeliveryOptions } from "./worker.ts";

/**
 * Exactly once whatever the speed: two instances deliver one broadcast while a send waits for its answer
 * longer than the lease it was claimed with, or while this process's event loop is starved (blocked for
 * longer than a send's timeout and a good part of the lease, again and again). Each recipient must get the
 * message once: a lease never ends under a live owner, and a timeout never fires on an answer that arrived
 * while the process could not listen.
 */
let database: TestDatabase;
let second: Database;
let fake: FakeBotApi;
const apps: FastifyInstance[] = [];
let nextChat = 950_000_000;

beforeAll(async () => {
  database = await openTestDatabase();
  second = await secondInstance(database);
});
afterAll(async () => {
  await second.close();
  await database.close();
});
beforeEach(async () => {
  fake = await startFakeBotApi();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await fake.close();
});

/** A Bot API client to the fake whose calls time out after `timeoutSeconds`. */
const telegram = (timeoutSeconds: number) =>
  createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }, { timeoutSeconds });

async function startInstance(db: Db, options: Partial<Omit<DeliveryOptions, "db">>): Promise<void> {
  const app = await buildApp({
    db,
    clock: systemClock,
    jwtSecret: TEST_SECRET,
    webDist: null,
    delivery: {
      api: telegram(1),
      ratePerSecond: 100,
      retentionMs: 24 * 60 * 60 * 1000,
      idleMs: 20,
      ...options,
    },
  });
  await app.ready();
  apps.push(app);
}

async function broadcastTo(count: number, text: string) {
  const group = await seedGroup(database.db);
  const audience = await database.db
    .insert(clients)
    .values(
      Array.from({ length: count }, () => {
        nextChat += 1;
        return {
          nickname: `Клиент ${nextChat}`,
          telegramId: nextChat,
          clientType: 3,
          isActive: true,
          groupId: group.id,
        };
      }),
    )
    .returning({ telegramId: clients.telegramId });
  const message = await createMessageService({ db: database.db, clock: systemClock }).sendNow(
    { text, group: group.id },
    null,
    null,
  );
  return { message, chats: audience.map((c) => c.telegramId) };
}

const pendingOf = async (messageId: number) =>
  (
    await database.db
      .select({ status: outboxMessages.status })
      .from(outboxMessages)
      .where(eq(outboxMessages.clientMessageId, messageId))
  ).filter((r) => r.status === "pending").length;

const sendsWith = (text: string) => fake.callsTo("sendMessage").filter((c) => c.payload.text === text);

describe("exactly once across instances", () => {
  it("keeps a row whose send waits for its answer longer than the lease: no other instance sends it again", async () => {
    // A lease of 150 ms plus the batch's span (about a second at 100 a second); the answer takes 4 s.
    for (const db of [database.db, second.db]) {
      await startInstance(db, { leaseMs: 150, api: telegram(60) });
    }
    const { message, chats } = await broadcastTo(20, "Долгий ответ");
    const slowChat = chats[5] ?? 0;
    const resume = fake.hang("sendMessage", slowChat);
    await waitUntil("the slow chat's send to leave", async () =>
      sendsWith("Долгий ответ").some((c) => c.payload.chat_id === slowChat),
    );
    await new Promise((r) => setTimeout(r, 4000));
    resume();
    await waitUntil("every row to be recorded", async () => (await pendingOf(message.id)) === 0);
    const sent = sendsWith("Долгий ответ").map((c) => Number(c.payload.chat_id));
    expect(
      sent.filter((chat) => chat === slowChat),
      "sends to the slow chat",
    ).toHaveLength(1);
    expect(sent.sort()).toEqual([...chats].sort());
  }, 120_000);

  it("sends each message once though the process stalls past the send timeout as answers arrive", async () => {
    // Sends time out after 5 s of listening; every twentieth call blocks the event loop for 7 s once it has
    // arrived, so its answer is written while the sender cannot read it, and a wall-clock timer would fire
    // first. (A timeout the answer really misses is retried by design: losing a message was judged worse.
    // 5 s is far above a loaded machine's answer time; the lease outlasts the stall.)
    for (const db of [database.db, second.db]) await startInstance(db, { leaseMs: 20_000, api: telegram(5) });
    fake.stall("sendMessage", 7000, 20);
    const { message, chats } = await broadcastTo(40, "Голодный процессор");
    await waitUntil("every row to be recorded", async () => (await pendingOf(message.id)) === 0);
    const sent = sendsWith("Голодный процессор").map((c) => Number(c.payload.chat_id));
    const twice = sent.filter((chat, i) => sent.indexOf(chat) !== i);
    expect(twice, "chats sent the message twice").toEqual([]);
    expect(new Set(sent)).toEqual(new Set(chats));
  }, 180_000);
});
