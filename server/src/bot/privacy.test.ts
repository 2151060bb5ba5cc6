import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency, seedModification } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { seedOrder } from "../db/factories/sales.ts";
import { botSessions, clients, marketSchedules, registrationRequests } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, type ChatOverride, sentTexts } from "../test/bot-chat.ts";
import { orderData } from "./callback-data/order.ts";
import { texts } from "./texts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

const GROUP: ChatOverride = { id: -1001234567890, type: "supergroup", title: "Оптовики" };

/** A client in good standing who sees prices, with an order of today. */
async function clientWithOrder(telegramId: number) {
  const rub = await seedCurrency(t.db, { name: `Рубль ${telegramId}`, sign: "₽" });
  const modification = await seedModification(t.db, { name: "Кабель 1 м" });
  const client = await seedClient(t.db, { telegramId, allowedPrice: true });
  await seedOrder(t.db, {
    clientId: client.id,
    clientType: 3,
    openedOn: "2026-11-20",
    positions: [{ modificationId: modification.id, currencyId: rub.id, price: 540, quantity: 10 }],
  });
  return client;
}

const stateOfChat = async (chatId: number) => ({
  sessions: await t.db
    .select()
    .from(botSessions)
    .where(like(botSessions.key, `%${chatId}`)),
});

describe("the bot serves private chats only", () => {
  it("in a group a command gets one line pointing to the private chat, and no order, price or state", async () => {
    await clientWithOrder(7101);
    const inGroup = botChat(t.db, t.clock, 7101, { chat: GROUP });
    for (const command of ["/order", "Мой заказ", "/market", "/start", "/claim"]) {
      const calls = await inGroup.send(command);
      const answers = sentTexts(calls);
      expect(answers.join("\n")).not.toMatch(/₽|Ваш заказ|Кабель/);
      expect(answers).toEqual(command.startsWith("/") ? [texts.privateOnly] : []);
    }
    expect(await stateOfChat(GROUP.id)).toEqual({ sessions: [] });
    expect(inGroup.errors).toEqual([]);
  });

  it("two strangers typing in one group file no registration and share no draft", async () => {
    const first = botChat(t.db, t.clock, 7201, { chat: GROUP });
    const second = botChat(t.db, t.clock, 7202, { chat: GROUP });
    await first.send("/start");
    await second.send("ООО Чужая");
    await first.send("Анна");
    await second.send("+79001112233");
    const filed = await t.db
      .select()
      .from(clients)
      .innerJoin(registrationRequests, eq(registrationRequests.clientId, clients.id))
      .where(eq(clients.organizationName, "ООО Чужая"));
    expect(filed).toEqual([]);
    expect(await stateOfChat(GROUP.id)).toEqual({ sessions: [] });
  });

  it("a button pressed in a group, or by anyone but the chat's own user, is refused without a view", async () => {
    await clientWithOrder(7301);
    const inGroup = botChat(t.db, t.clock, 7301, { chat: GROUP });
    let calls = await inGroup.press(orderData.pack({}));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.text).toBe(texts.privateOnly);

    // A press in another user's private chat (Telegram never sends one; a forged update might).
    const stranger = await seedClient(t.db, { telegramId: 7302, allowedPrice: true });
    calls = await botChat(t.db, t.clock, stranger.telegramId ?? 0, {
      chat: { id: 7301, type: "private" },
    }).press(orderData.pack({}));
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery"]);
    expect(calls[0]?.payload.text).toBeUndefined();
  });

  it("a client banning the bot from a group stays reachable in their private chat", async () => {
    const client = await seedClient(t.db, { telegramId: 7401 });
    const bot = { id: 7000001, is_bot: true, first_name: "Тестовый бот" };
    const calls = await botChat(t.db, t.clock, 7401).handle({
      my_chat_member: {
        chat: GROUP,
        from: { id: 7401, is_bot: false, first_name: "Иван" },
        date: 0,
        old_chat_member: { user: bot, status: "member" },
        new_chat_member: { user: bot, status: "kicked", until_date: 0 },
      },
    } as never);
    expect(calls).toEqual([]);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.telegramUnreachableAt).toBeNull();
  });
});
