import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { fixedClock } from "../lib/clock.ts";
import { TEST_SECRET } from "../test/app.ts";
import { openTestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { createLiveBot, startPolling, webhookSecret } from "./run.ts";

let database: Database;
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

  it.runIf(process.env.TEST_DB === "postgres")(
    "exactly one instance polls; another takes over when it stops",
    async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const make = () =>
        createLiveBot({ token: fake.token, apiRoot: fake.apiRoot }, { db: database.db, clock, log });
      const polls = () => fake.callsTo("getUpdates").length;
      const first = startPolling(make(), { databaseUrl: url, log, retryMs: 200 });
      await expect.poll(polls, { timeout: 5000 }).toBeGreaterThan(0);
      const second = startPolling(make(), { databaseUrl: url, log, retryMs: 200 });
      await new Promise((r) => setTimeout(r, 800));
      // One poller holds a 30 s long poll: no second getUpdates is running beside it.
      const before = polls();
      await new Promise((r) => setTimeout(r, 600));
      expect(polls()).toBe(before);
      await first.stop();
      await expect.poll(polls, { timeout: 5000 }).toBeGreaterThan(before);
      await second.stop();
    },
    20_000,
  );
});
