import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClient } from "../db/factories/clients.ts";
import { clients, outboxMessages } from "../db/schema/index.ts";
import { enqueueOutbox } from "../modules/outbox/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat } from "../test/bot-chat.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What Telegram sends when the user blocks the bot ("kicked") or unblocks it ("member"). */
const membership = (userId: number, status: "kicked" | "member") => {
  const user = { id: userId, is_bot: false, first_name: "Иван" };
  const bot = { id: 7000001, is_bot: true, first_name: "Тестовый бот" };
  return {
    my_chat_member: {
      chat: { id: userId, type: "private", first_name: "Иван" },
      from: user,
      date: 0,
      old_chat_member: { user: bot, status: status === "kicked" ? "member" : "kicked" },
      new_chat_member: { user: bot, status, ...(status === "kicked" ? { until_date: 0 } : {}) },
    },
  } as never;
};

describe("blocking and unblocking the bot", () => {
  it("a block marks the client unreachable as a 403 would, an unblock clears it; neither is answered", async () => {
    const client = await seedClient(t.db);
    const telegramId = client.telegramId ?? 0;
    await enqueueOutbox(t.db, [
      { clientId: client.id, chatId: telegramId, kind: "broadcast", text: "Акция" },
    ]);
    const chat = botChat(t.db, t.clock, telegramId);
    const unreachableAt = async () =>
      (await t.db.select().from(clients).where(eq(clients.id, client.id)))[0]?.telegramUnreachableAt;

    expect(await chat.handle(membership(telegramId, "kicked"))).toEqual([]);
    expect(await unreachableAt()).not.toBeNull();
    const [waiting] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.clientId, client.id));
    expect(waiting?.status).toBe("unreachable");

    expect(await chat.handle(membership(telegramId, "member"))).toEqual([]);
    expect(await unreachableAt()).toBeNull();
    expect(chat.errors).toEqual([]);
  });

  it("a user who is not a client yet blocks the bot: nothing is answered", async () => {
    const chat = botChat(t.db, t.clock, 6_100_001);
    expect(await chat.handle(membership(6_100_001, "kicked"))).toEqual([]);
    expect(chat.errors).toEqual([]);
  });
});
