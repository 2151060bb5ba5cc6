import { afterAll, beforeAll, expect, it } from "vitest";
import { seedClient } from "../db/factories/clients.ts";
import { marketSchedules } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { type FakeBotApi, type FakeBotCall, startFakeBotApi } from "../test/fake-bot-api.ts";
import { waitFor } from "../test/wait.ts";
import { type BotRunner, createLiveBot, startPolling } from "./run.ts";
import { texts } from "./texts.ts";

/** The Mini App's two doors in the chat, over the fake Bot API: the menu button and «Открыть каталог». */
const WEB_APP_URL = "https://shop.example.test/app/";
const USER = { id: 8101, is_bot: false, first_name: "Игорь" };
const CHAT = { id: 8101, type: "private", first_name: "Игорь" };

let t: TestApp;
let fake: FakeBotApi;
let runner: BotRunner;
const errors: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
  await seedClient(t.db, { telegramId: USER.id });
  fake = await startFakeBotApi();
  const log = { error: (d: Record<string, unknown>) => errors.push(d), warn: () => {} };
  const bot = createLiveBot(
    { token: fake.token, apiRoot: fake.apiRoot },
    { db: t.db, clock: t.clock, log, webAppUrl: WEB_APP_URL },
  );
  runner = startPolling(bot, { databaseUrl: undefined, log, retryMs: 200, webAppUrl: WEB_APP_URL });
});
afterAll(async () => {
  await runner.stop();
  await fake.close();
  await t.close();
});

function until(match: (call: FakeBotCall) => boolean, api = fake): Promise<FakeBotCall> {
  return waitFor(
    () => `the bot's call (errors so far: ${JSON.stringify(errors)})`,
    () => api.calls.find(match),
  );
}

it("sets the chat's menu button to the Mini App when TELEGRAM_WEBAPP_URL is configured", async () => {
  const call = await until((c) => c.method === "setChatMenuButton");
  expect(call.payload.menu_button).toEqual({
    type: "web_app",
    text: "Открыть каталог",
    web_app: { url: WEB_APP_URL },
  });
});

it("offers «Открыть каталог» under the market's entry text", async () => {
  fake.pushUpdate({
    message: {
      message_id: 1,
      from: USER,
      chat: CHAT,
      date: 0,
      text: "/market",
      entities: [{ type: "bot_command", offset: 0, length: 7 }],
    },
  });
  // The entry text, then the brands as before (none in this catalogue).
  const entry = await until(
    (c) => c.method === "sendMessage" && JSON.stringify(c.payload.reply_markup ?? {}).includes("web_app"),
  );
  await until((c) => c.method === "sendMessage" && c.payload.text === texts.emptyCatalogue);
  expect(entry.payload.reply_markup).toEqual({
    inline_keyboard: [[{ text: texts.openCatalogue, web_app: { url: WEB_APP_URL } }]],
  });
  expect(errors).toEqual([]);
});

it("answers while the menu button call hangs: the button only dresses the chat", async () => {
  const stuck = await startFakeBotApi();
  const resume = stuck.hang("setChatMenuButton");
  const warned: unknown[] = [];
  const log = { error: (d: Record<string, unknown>) => errors.push(d), warn: (d: unknown) => warned.push(d) };
  const bot = createLiveBot(
    { token: stuck.token, apiRoot: stuck.apiRoot },
    { db: t.db, clock: t.clock, log, webAppUrl: WEB_APP_URL },
  );
  const stuckRunner = startPolling(bot, {
    databaseUrl: undefined,
    log,
    retryMs: 200,
    webAppUrl: WEB_APP_URL,
  });
  try {
    // An update id of its own: this database has handled the other fake's first update already.
    stuck.pushUpdate({
      update_id: 9001,
      message: {
        message_id: 2,
        from: USER,
        chat: CHAT,
        date: 0,
        text: "/market",
        entities: [{ type: "bot_command", offset: 0, length: 7 }],
      },
    });
    await until((c) => c.method === "sendMessage", stuck);
    expect(stuck.callsTo("setChatMenuButton")).toHaveLength(1);
    expect(warned).toEqual([]);
  } finally {
    resume();
    await stuckRunner.stop();
    await stuck.close();
  }
});
