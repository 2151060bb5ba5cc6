import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { botSessions, botUpdates } from "../db/schema/index.ts";
import { fixedClock } from "../lib/clock.ts";
import { TEST_SECRET } from "../test/app.ts";
import { openTestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { createLiveBot, webhookSecret } from "./run.ts";

let database: Database;
let fake: FakeBotApi;
let app: Awaited<ReturnType<typeof buildApp>>;
let secretToken: string;
const logged: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeBotApi();
  const clock = fixedClock("2026-11-20T09:00:00Z");
  const note = (_: Record<string, unknown>, message: string) => void logged.push(message);
  const bot = createLiveBot(
    { token: fake.token, apiRoot: fake.apiRoot },
    { db: database.db, clock, log: { error: note, warn: note } },
  );
  secretToken = webhookSecret(fake.token, undefined);
  app = await buildApp({
    db: database.db,
    clock,
    jwtSecret: TEST_SECRET,
    webDist: null,
    botWebhook: { bot, secretToken },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
  await database.close();
});

describe("the webhook", () => {
  it("answers 400 to a body that is not an update with an integer id, and never reaches the database", async () => {
    for (const body of ["null", "[1,2,3]", "12", '"x"', '{"update_id":"abc"}', '{"update_id":1.5}', "{}"]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/bot/webhook/",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secretToken },
        payload: body,
      });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json()).toMatchObject({ detail: expect.any(String) });
    }
    expect(logged).toEqual([]);
    expect(fake.callsTo("sendMessage")).toEqual([]);
  });

  const post = (payload: string, secret: string | null) =>
    app.inject({
      method: "POST",
      url: "/api/bot/webhook/",
      headers: {
        "content-type": "application/json",
        ...(secret === null ? {} : { "x-telegram-bot-api-secret-token": secret }),
      },
      payload,
    });
  const stored = async () => ({
    updates: (await database.db.select({ n: count() }).from(botUpdates))[0]?.n,
    sessions: (await database.db.select({ n: count() }).from(botSessions))[0]?.n,
  });
  const message = (chat: unknown, from: unknown, messageId: unknown = 1) =>
    JSON.stringify({
      update_id: 700_001,
      message: {
        message_id: messageId,
        date: 0,
        chat: { id: chat, type: "private" },
        from: { id: from },
        text: "/start",
      },
    });

  const callback = (from: unknown, chat: unknown) =>
    JSON.stringify({
      update_id: 700_002,
      callback_query: {
        id: "4382bfdwdsb323b2d9",
        from: { id: from, is_bot: false, first_name: "Иван" },
        chat_instance: "1",
        data: "x",
        message: { message_id: 5, date: 0, chat: { id: chat, type: "private" } },
      },
    });
  it("answers 401 in the error model to a wrong or missing secret before it looks at the body", async () => {
    const valid = message(555_001, 555_001);
    for (const secret of [null, "", "wrong", `${secretToken}x`, secretToken.slice(0, -1)]) {
      for (const body of ["null", "{", valid]) {
        const res = await post(body, secret);
        expect({ secret, body, status: res.statusCode }).toEqual({ secret, body, status: 401 });
        expect(res.json()).toEqual({
          detail: "Неверный секретный токен вебхука",
          code: "authentication_failed",
        });
      }
    }
    expect(await stored()).toEqual({ updates: 0, sessions: 0 });
    expect(fake.callsTo("sendMessage")).toEqual([]);
  });

  it("answers 400 to an update whose user, chat or message ids are no integers: nothing sent, nothing stored", async () => {
    const bodies = [
      message("abc", 555_002),
      message(555_002, "abc"),
      message(555_002, 555_002, 1.5),
      message(555_002, 555_002, "1"),
      message(1e30, 555_002),
      message(null, 555_002),
      JSON.stringify({
        update_id: 700_003,
        message: { message_id: 1, date: 0, chat: "abc", text: "/start" },
      }),
      callback("abc", 555_002),
      callback(555_002, 2.5),
      JSON.stringify({
        update_id: 700_004,
        my_chat_member: { chat: { id: "abc", type: "private" }, from: { id: 555_002 }, date: 0 },
      }),
    ];
    for (const body of bodies) {
      const res = await post(body, secretToken);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().detail).toMatch(/^Некорректные данные: .*Ожидается целое число/);
    }
    expect(logged).toEqual([]);
    expect(fake.callsTo("sendMessage")).toEqual([]);
    expect(await stored()).toEqual({ updates: 0, sessions: 0 });
  });

  it("hands an update with integer ids to the bot (a callback query's own id is a string)", async () => {
    const res = await post(message(555_003, 555_003), secretToken);
    expect(res.statusCode).toBe(200);
    expect(fake.callsTo("sendMessage").map((c) => c.payload.chat_id)).toEqual([555_003]);
    expect((await post(callback(555_003, 555_003), secretToken)).statusCode).toBe(200);
    expect(fake.callsTo("answerCallbackQuery").map((c) => c.payload.callback_query_id)).toEqual([
      "4382bfdwdsb323b2d9",
    ]);
    expect(logged).toEqual([]);
  });
});
