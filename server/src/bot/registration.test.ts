import { normalizePhone } from "@wholesale/contract";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient, seedGroup, seedOrganization, seedTransportation } from "../db/factories/clients.ts";
import { botSessions, clients, marketSchedules, registrationRequests } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, sentTexts } from "../test/bot-chat.ts";
import { cardData } from "./callback-data/catalogue.ts";
import { volumeData } from "./callback-data/registration.ts";
import { texts } from "./texts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("registration through the bot", () => {
  it("a new user from an organization's link registers and waits for confirmation", async () => {
    const organization = await seedOrganization(t.db);
    const chat = botChat(t.db, t.clock, 5001);
    expect(sentTexts(await chat.send(`/start org_${organization.id}`))).toEqual([
      "Здравствуйте! Это бот оптового склада. Заказы здесь делают зарегистрированные клиенты.",
      texts.askOrganization,
    ]);
    expect(sentTexts(await chat.send("ООО Ромашка"))).toEqual([texts.askNickname]);
    expect(sentTexts(await chat.send("Иван"))).toEqual([texts.askPhone]);
    expect(chat.calls[0]?.payload.reply_markup).toMatchObject({
      keyboard: [[{ text: texts.sharePhone, request_contact: true }]],
    });
    expect(sentTexts(await chat.send("позвоните мне"))).toEqual([texts.badPhone]);
    // Someone else's contact is refused as such, not as a number that does not look like one.
    expect(sentTexts(await chat.contact("+7 999 000-11-22", 999))).toEqual([
      "Это номер другого человека. Отправьте свой номер кнопкой «Поделиться номером» ниже или напишите его, например +7 900 123-45-67.",
    ]);
    expect(chat.calls[0]?.payload.reply_markup).toMatchObject({
      keyboard: [[{ text: texts.sharePhone, request_contact: true }]],
    });
    expect(sentTexts(await chat.contact("79990001122"))).toEqual([
      "Телефон +79990001122 записан.",
      texts.askVolume,
    ]);
    await chat.press(volumeData.pack({ clientType: 2 }));
    expect(sentTexts(chat.calls)).toEqual([`${texts.askVolume} ${texts.volume.large}`, texts.registered]);

    const [client] = await t.db.select().from(clients).where(eq(clients.telegramId, 5001));
    expect(client).toMatchObject({
      organizationId: organization.id,
      organizationName: "ООО Ромашка",
      nickname: "Иван",
      phoneNumber: "+79990001122",
      clientType: 2,
      isActive: false,
      telegramUsername: "user5001",
    });
    const requests = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/" });
    expect(requests.json().map((r: { client: { id: number } }) => r.client.id)).toContain(client?.id);
    expect(sentTexts(await chat.send("/market"))).toEqual([texts.waiting]);
    expect(sentTexts(await chat.send("привет"))).toEqual([texts.waiting]);
  });

  it("/start midway asks the question the registration waits for, keeps the answers and never says /market", async () => {
    const organization = await seedOrganization(t.db);
    const chat = botChat(t.db, t.clock, 5007);
    await chat.send("/start");
    await chat.send("ООО Середина");
    expect(sentTexts(await chat.send("/start"))).toEqual([texts.askNickname]);
    await chat.send("Олег");
    // The invitation link opened at the phone step: the same question, and the request joins that organization.
    let calls = await chat.send(`/start org_${organization.id}`);
    expect(sentTexts(calls)).toEqual([texts.askPhone]);
    expect(calls[0]?.payload.reply_markup).toMatchObject({
      keyboard: [[{ text: texts.sharePhone, request_contact: true }]],
    });
    await chat.contact("+79001110099");
    calls = await chat.send("/start");
    expect(sentTexts(calls)).toEqual([texts.askVolume]);
    await chat.press(volumeData.pack({ clientType: 3 }));
    const [client] = await t.db.select().from(clients).where(eq(clients.telegramId, 5007));
    expect(client).toMatchObject({
      organizationId: organization.id,
      organizationName: "ООО Середина",
      nickname: "Олег",
      phoneNumber: "+79001110099",
    });
    // Waiting for confirmation, /start says that it waits: no /market the user cannot use yet.
    expect(sentTexts(await chat.send("/start"))).toEqual([texts.waiting]);
  });

  it("a typed phone is validated and the conversation survives in the database", async () => {
    await botChat(t.db, t.clock, 5002).send("/start");
    // Another bot instance (a fresh object) continues the same conversation from the stored session.
    const chat = botChat(t.db, t.clock, 5002);
    await chat.send("ИП Петров");
    await chat.send("Пётр");
    expect(sentTexts(await chat.send("8 (900) 123-45-67"))).toEqual([
      "Телефон +79001234567 записан.",
      texts.askVolume,
    ]);
    const [row] = await t.db.select().from(botSessions).where(eq(botSessions.key, "5002"));
    expect(row?.data).toMatchObject({ step: { kind: "registration", field: "volume" } });
  });

  it("the same update delivered twice is handled once", async () => {
    const chat = botChat(t.db, t.clock, 5003);
    const update = {
      message: {
        message_id: 1,
        date: 0,
        chat: { id: 5003, type: "private" },
        from: { id: 5003, is_bot: false, first_name: "A" },
        text: "/start",
        entities: [{ type: "bot_command", offset: 0, length: 6 }],
      },
    };
    expect((await chat.handle(update as never, 900_001)).length).toBe(2);
    expect((await chat.handle(update as never, 900_001)).length).toBe(0);
  });

  it("a confirmed client gets the menu on /start and a confirmation through the outbox", async () => {
    const chat = botChat(t.db, t.clock, 5004);
    await chat.send("/start");
    await chat.send("ООО Лютик");
    await chat.send("Анна");
    await chat.contact("+79001112233");
    await chat.press(volumeData.pack({ clientType: 3 }));
    const [request] = await t.db
      .select({ id: registrationRequests.id })
      .from(registrationRequests)
      .innerJoin(clients, eq(clients.id, registrationRequests.clientId))
      .where(eq(clients.telegramId, 5004));
    const group = await seedGroup(t.db);
    const direction = await seedTransportation(t.db);
    const res = await t.call("office", {
      method: "PUT",
      url: `/api/profiles/registration-requests/${request?.id}/`,
      payload: {
        confirmed: true,
        client: { nickname: "Анна", group: group.id, transportation: direction.id, client_type: 3 },
      },
    });
    expect(res.statusCode).toBe(200);
    const outbox = await t.db.query.outboxMessages.findMany();
    expect(outbox).toEqual([
      expect.objectContaining({ chatId: 5004, kind: "registration_confirmed", text: texts.confirmed }),
    ]);
    const calls = await chat.send("/start");
    expect(calls[0]?.payload.reply_markup).toMatchObject({
      keyboard: [[{ text: "Маркет" }, { text: "Мой заказ" }, { text: "Мои ожидания" }], expect.anything()],
    });
  });

  it("a user waiting for confirmation who opens an organization's link joins that organization", async () => {
    const organization = await seedOrganization(t.db);
    const chat = botChat(t.db, t.clock, 5006);
    await chat.send("/start");
    await chat.send("ООО Ждущая");
    await chat.send("Вера");
    await chat.contact("+79001112244");
    await chat.press(volumeData.pack({ clientType: 3 }));
    expect(sentTexts(await chat.send(`/start org_${organization.id}`))).toEqual([texts.waiting]);
    const [client] = await t.db.select().from(clients).where(eq(clients.telegramId, 5006));
    expect(client).toMatchObject({ organizationId: organization.id, isActive: false });
  });

  it("banned, permanently banned and inactive clients get only «cannot order» on /start, and no link", async () => {
    const organization = await seedOrganization(t.db);
    for (const [telegramId, values] of [
      [5011, { banned: true }],
      [5012, { permanentBanned: true }],
      [5013, { isActive: false }],
    ] as const) {
      await seedClient(t.db, { telegramId, ...values });
      const calls = await botChat(t.db, t.clock, telegramId).send(`/start org_${organization.id}`);
      expect(sentTexts(calls)).toEqual(["Вы не можете делать заказы. Обратитесь к менеджеру."]);
      expect(calls[0]?.payload.reply_markup).toEqual({ remove_keyboard: true });
      const [client] = await t.db.select().from(clients).where(eq(clients.telegramId, telegramId));
      expect(client?.organizationId).toBeNull();
    }
    // A client in good standing is linked.
    await seedClient(t.db, { telegramId: 5014 });
    await botChat(t.db, t.clock, 5014).send(`/start org_${organization.id}`);
    const [linked] = await t.db.select().from(clients).where(eq(clients.telegramId, 5014));
    expect(linked?.organizationId).toBe(organization.id);
  });

  it("a staff-added client is not asked to register", async () => {
    await seedClient(t.db, { telegramId: 5005 });
    const chat = botChat(t.db, t.clock, 5005);
    expect(sentTexts(await chat.send("/conditions"))).toEqual([
      "Условия работы уточняйте у вашего менеджера.",
    ]);
    await chat.send("/claim");
    expect(sentTexts(await chat.send("Пришёл битый товар"))).toEqual([texts.claimFiled]);
    const claims = await t.db.query.claims.findMany();
    expect(claims.map((c) => c.text)).toContain("Пришёл битый товар");
  });
});

/** A new user answers every question of the registration; returns the chat and the open request's id. */
async function register(telegramId: number) {
  const chat = botChat(t.db, t.clock, telegramId);
  await chat.send("/start");
  await chat.send(`ООО Заявка ${telegramId}`);
  await chat.send("Мария");
  await chat.contact("+79001113344");
  await chat.press(volumeData.pack({ clientType: 3 }));
  const [request] = await t.db
    .select({ id: registrationRequests.id })
    .from(registrationRequests)
    .innerJoin(clients, eq(clients.id, registrationRequests.clientId))
    .where(and(eq(clients.telegramId, telegramId), eq(registrationRequests.confirmed, false)))
    .orderBy(desc(registrationRequests.id));
  return { chat, requestId: request?.id ?? 0 };
}

const settle = (requestId: number, payload: Record<string, unknown>) =>
  t.call("office", { method: "PUT", url: `/api/profiles/registration-requests/${requestId}/`, payload });

describe("after staff settle a request", () => {
  it("a confirmed client sees prices unless the confirmation turned them off", async () => {
    await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
    const rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
    const productId = (await seedProduct(t.db, { brandId: (await seedBrand(t.db)).id })).id;
    const modificationId = (
      await seedModification(t.db, {
        productId,
        tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 550 }],
      })
    ).id;
    const card = cardData.pack({ modificationId, productId, page: 1 });
    const client = async () => ({
      nickname: "Мария",
      group: (await seedGroup(t.db)).id,
      transportation: (await seedTransportation(t.db)).id,
      client_type: 3,
    });

    const priced = await register(5021);
    expect(
      (await settle(priced.requestId, { confirmed: true, client: await client() })).json(),
    ).toMatchObject({
      client: { allowed_price: true, allowed_price_w_markup: false },
    });
    expect(sentTexts(await priced.chat.press(card)).join("\n")).toContain("от 1 шт — 600 ₽");

    const hidden = await register(5022);
    const confirmed = await settle(hidden.requestId, {
      confirmed: true,
      client: { ...(await client()), allowed_price: false },
    });
    expect(confirmed.json()).toMatchObject({ client: { allowed_price: false } });
    expect(sentTexts(await hidden.chat.press(card)).join("\n")).toContain(
      "от 1 шт — цену уточняйте у менеджера",
    );
  });

  it("a user whose request was deleted is told it was declined, and may apply again with /start", async () => {
    const first = await register(5031);
    expect((await settle(first.requestId, { deleted: true })).statusCode).toBe(200);
    expect(sentTexts(await first.chat.send("привет"))).toEqual([texts.declined]);
    expect(sentTexts(await first.chat.send("/market"))).toEqual([texts.declined]);

    const again = await register(5031);
    expect(again.requestId).not.toBe(first.requestId);
    const open = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/" });
    expect(open.json().map((r: { id: number }) => r.id)).toContain(again.requestId);
    expect(sentTexts(await again.chat.send("привет"))).toEqual([texts.waiting]);
    const rows = await t.db.select().from(clients).where(eq(clients.telegramId, 5031));
    expect(rows).toHaveLength(1);
  });

  it("a banned user whose request was deleted is refused, not invited to apply again", async () => {
    const { chat, requestId } = await register(5032);
    await settle(requestId, { deleted: true });
    await t.db.update(clients).set({ banned: true }).where(eq(clients.telegramId, 5032));
    expect(sentTexts(await chat.send("/start"))).toEqual([
      "Вы не можете делать заказы. Обратитесь к менеджеру.",
    ]);
  });
});

describe("phone numbers", () => {
  it.each([
    ["+7 900 123-45-67", "+79001234567"],
    ["89001234567", "+79001234567"],
    ["9001234567", "+79001234567"],
    ["+375 29 123 45 67", "+375291234567"],
    ["12345", null],
    ["телефон", null],
  ])("%s → %s", (input, expected) => expect(normalizePhone(input)).toBe(expected));
});
