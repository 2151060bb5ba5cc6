import { eq } from "drizzle-orm";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { botSessions } from "../db/schema/index.ts";
import { fixedClock } from "../lib/clock.ts";
import { TEST_BOT_INFO } from "../test/bot-chat.ts";
import { openTestDatabase } from "../test/database.ts";
import { type FakeBotApi, startFakeBotApi } from "../test/fake-bot-api.ts";
import { waitUntil } from "../test/wait.ts";
import { createBot } from "./index.ts";
import { texts } from "./texts.ts";

let database: Database;
let fake: FakeBotApi;
const clock = fixedClock("2026-11-20T09:00:00Z");
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeBotApi();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

/**
 * The bound while a press hangs, and the bound for everything else: an update that only has to finish never
 * meets its bound however starved the machine, so what it logs is its own failure, not the machine's speed.
 */
const HANG_BOUND_MS = 300;
const WORK_BOUND_MS = 60_000;
let nextUpdateId = 1;

/**
 * The real bot against the fake Bot API, whose scripted failures and hangs make a handler fail or run late
 * the way Telegram itself does. `logged` holds the messages of the bot's log.
 */
function botOnFakeApi() {
  const logged: string[] = [];
  const note = (_: Record<string, unknown>, message: string) => void logged.push(message);
  const deps = {
    db: database.db,
    clock,
    log: { error: note, warn: note },
    dedupUpdates: true,
    sessionPrefix: "",
    dryRun: false,
    updateTimeoutMs: WORK_BOUND_MS,
  };
  const bot = createBot(fake.token, deps, { botInfo: TEST_BOT_INFO, client: { apiRoot: fake.apiRoot } });
  const from = (chatId: number) => ({ id: chatId, is_bot: false, first_name: "Иван" });
  const chat = (chatId: number) => ({ id: chatId, type: "private" as const, first_name: "Иван" });
  return {
    logged,
    /** Each update reads its bound as it arrives: a hanging press gets a short one, the updates after it not. */
    bound: (ms: number) => {
      deps.updateTimeoutMs = ms;
    },
    send: (chatId: number, text: string) =>
      bot.handleUpdate({
        update_id: nextUpdateId++,
        message: {
          message_id: nextUpdateId,
          date: 0,
          chat: chat(chatId),
          from: from(chatId),
          text,
          ...(text.startsWith("/")
            ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] }
            : {}),
        },
      } as Update),
    press: (chatId: number, data: string) =>
      bot.handleUpdate({
        update_id: nextUpdateId++,
        callback_query: {
          id: String(nextUpdateId),
          from: from(chatId),
          chat_instance: "1",
          data,
          message: { message_id: 1, date: 0, chat: chat(chatId), from: TEST_BOT_INFO, text: "…" },
        },
      } as Update),
  };
}

const textsTo = (chatId: number) =>
  fake
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => c.payload.text);

describe("an update that fails or runs past its time", () => {
  it("an error is logged and apologised for in the chat, even after the press was answered", async () => {
    const bot = botOnFakeApi();
    fake.failNext("sendMessage", {
      status: 400,
      description: "Bad Request: message text is empty",
      chatId: 8101,
    });
    await expect(bot.send(8101, "/start")).resolves.toBeUndefined();
    expect(textsTo(8101)).toEqual([expect.stringMatching(/^Здравствуйте!/), texts.failure]);

    // The handler answers the press first; Telegram refuses the press's answer, so the handler fails.
    fake.failNext("answerCallbackQuery", { status: 400, description: "Bad Request: query is too old" });
    await expect(bot.press(8102, "x")).resolves.toBeUndefined();
    expect(textsTo(8102)).toEqual([texts.failure]);
    expect(bot.logged).toEqual(["bot update failed", "bot update failed"]);

    // The chat goes on.
    await bot.send(8102, "/start");
    expect(textsTo(8102).slice(1)).toEqual([expect.stringMatching(/^Здравствуйте!/), texts.askOrganization]);
  });

  it("a press past its time is apologised for in the chat; the chat's next update goes ahead", async () => {
    const bot = botOnFakeApi();
    const resume = fake.hang("answerCallbackQuery");
    try {
      const answers = fake.callsTo("answerCallbackQuery").length;
      // Resolves although the handler still waits for its answer: the bound let the update go.
      bot.bound(HANG_BOUND_MS);
      await expect(bot.press(8201, "x")).resolves.toBeUndefined();
      bot.bound(WORK_BOUND_MS);
      expect(textsTo(8201)).toEqual([texts.timeout]);
      // The press was answered by its handler (that answer hangs): no second answer is tried.
      expect(fake.callsTo("answerCallbackQuery").length).toBe(answers + 1);
      expect(bot.logged).toEqual(["bot update timed out"]);

      await bot.send(8201, "/start org_77");
      expect(textsTo(8201).slice(1)).toEqual([
        expect.stringMatching(/^Здравствуйте!/),
        texts.askOrganization,
      ]);
    } finally {
      resume();
    }
    await waitUntil("the late update to end", () =>
      bot.logged.includes("bot update finished after its time"),
    );
  });

  it("a timed-out update that ends late does not overwrite the state the chat's next update kept", async () => {
    const bot = botOnFakeApi();
    const resume = fake.hang("answerCallbackQuery");
    try {
      // The press, once its answer comes back, starts the registration without the organization link…
      bot.bound(HANG_BOUND_MS);
      await bot.press(8301, "x");
      bot.bound(WORK_BOUND_MS);
      // …while the chat's next update, handled meanwhile, started it from the link of organization 77.
      await bot.send(8301, "/start org_77");
    } finally {
      resume();
    }
    // The late handler has ended (and would have written its session by now).
    await waitUntil("the late update to end", () =>
      bot.logged.includes("bot update finished after its time"),
    );
    const [row] = await database.db.select().from(botSessions).where(eq(botSessions.key, "8301"));
    expect(row?.data).toEqual({
      step: { kind: "registration", field: "organization", draft: { organizationId: 77 } },
    });
  });
});
