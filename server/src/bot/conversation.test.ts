import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient, seedGroup, seedTransportation } from "../db/factories/clients.ts";
import { marketSchedules, orderPositions } from "../db/schema/index.ts";
import { orderingCacheCaughtUp } from "../modules/ordering/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { type FakeBotApi, type FakeBotCall, startFakeBotApi } from "../test/fake-bot-api.ts";
import { waitFor } from "../test/wait.ts";
import { addData, cardData } from "./callback-data/catalogue.ts";
import { volumeData } from "./callback-data/registration.ts";
import { createDeliveryWorker, type DeliveryWorker } from "./delivery/worker.ts";
import { type BotRunner, createLiveBot, startPolling } from "./run.ts";
import { createTelegramApi } from "./telegram-api.ts";
import { texts } from "./texts.ts";

/**
 * The whole client journey over the fake Bot API: the bot long-polls getUpdates like it does Telegram, and the
 * delivery worker sends what the back-office queues.
 */
let t: TestApp;
let fake: FakeBotApi;
let runner: BotRunner;
let delivery: DeliveryWorker;
const errors: unknown[] = [];
const USER = { id: 8001, is_bot: false, first_name: "Ольга", username: "olga" };
const CHAT = { id: 8001, type: "private", first_name: "Ольга" };

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeBotApi();
  const log = { error: (d: Record<string, unknown>) => errors.push(d), warn: () => {} };
  const bot = createLiveBot({ token: fake.token, apiRoot: fake.apiRoot }, { db: t.db, clock: t.clock, log });
  runner = startPolling(bot, { databaseUrl: undefined, log, retryMs: 200 });
  delivery = createDeliveryWorker({
    db: t.db,
    api: createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot }),
    ratePerSecond: 100,
    retentionMs: 86_400_000,
    idleMs: 50,
  });
  delivery.start();
});
afterAll(async () => {
  await runner.stop();
  await delivery.stop();
  await fake.close();
  await t.close();
});

let seen = 0;
/** Waits for the bot's next calls until one matches, and returns the calls made since the last wait. */
async function until(match: (call: FakeBotCall) => boolean): Promise<FakeBotCall[]> {
  return waitFor(
    () => `the bot's answer (errors so far: ${JSON.stringify(errors)})`,
    () => {
      const fresh = fake.calls.slice(seen).filter((c) => c.method !== "getUpdates");
      const found = fresh.findIndex(match);
      if (found < 0) return undefined;
      seen = fake.calls.indexOf(fresh[found] as FakeBotCall) + 1;
      return fresh.slice(0, found + 1);
    },
  );
}
const textIs = (text: string | RegExp) => (c: FakeBotCall) =>
  (c.method === "sendMessage" || c.method === "editMessageText") &&
  (typeof text === "string" ? c.payload.text === text : text.test(String(c.payload.text)));
const say = (text: string, chat: Record<string, unknown> = CHAT) =>
  fake.pushUpdate({
    message: {
      message_id: Math.floor(Math.random() * 1e6),
      from: USER,
      chat,
      date: 0,
      text,
      ...(text.startsWith("/")
        ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length }] }
        : {}),
    },
  });
/** The callback data of the button named `text` in the last of `calls` (the message just shown). */
function buttonIn(calls: FakeBotCall[], text: string): string {
  const markup = calls.at(-1)?.payload.reply_markup as
    | { inline_keyboard?: { text: string; callback_data: string }[][] }
    | undefined;
  const found = (markup?.inline_keyboard ?? []).flat().find((b) => b.text === text);
  if (!found) throw new Error(`no button «${text}» in ${JSON.stringify(markup)}`);
  return found.callback_data;
}
let lastId = 0;
const press = (data: string, messageId = lastId) =>
  fake.pushUpdate({
    callback_query: {
      id: String(Math.random()),
      from: USER,
      chat_instance: "1",
      data,
      message: { message_id: messageId, chat: CHAT, date: 0, text: "…" },
    },
  });

it("registers, is confirmed, browses, orders within the rules and hears the order is sent to collect", async () => {
  const rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  const brandId = (await seedBrand(t.db, { name: "Volta" })).id;
  const productId = (await seedProduct(t.db, { brandId, name: "Кабель" })).id;
  const tiers = [
    { currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 550 },
    { currencyId: rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 500 },
  ];
  await seedModification(t.db, { productId, name: "1 м", quantity: 100, tiers });
  await seedModification(t.db, { productId, name: "2 м", quantity: 5, tiers });
  await seedModification(t.db, {
    productId,
    name: "3 м",
    quantity: 100,
    oneHandQuantity: 3,
    oneHandLimited: true,
    tiers,
  });
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });

  say("/start");
  await until(textIs(texts.askOrganization));
  say("ООО Вольт");
  await until(textIs(texts.askNickname));
  say("Ольга");
  await until(textIs(texts.askPhone));
  fake.pushUpdate({
    message: {
      message_id: 5,
      from: USER,
      chat: CHAT,
      date: 0,
      contact: { phone_number: "+79005554433", first_name: "Ольга", user_id: USER.id },
    },
  });
  await until(textIs(texts.askVolume));
  press(volumeData.pack({ clientType: 3 }), 1);
  await until(textIs(texts.registered));

  const requests = await t.call("office", { method: "GET", url: "/api/profiles/registration-requests/" });
  const request = requests
    .json()
    .find((r: { client: { telegram_id: number } }) => r.client.telegram_id === USER.id);
  expect(request.client).toMatchObject({
    organization_name: "ООО Вольт",
    phone_number: "+79005554433",
    is_active: false,
  });
  const confirmed = await t.call("office", {
    method: "PUT",
    url: `/api/profiles/registration-requests/${request.id}/`,
    payload: {
      confirmed: true,
      client: {
        nickname: "Ольга",
        group: (await seedGroup(t.db)).id,
        transportation: (await seedTransportation(t.db)).id,
        client_type: 3,
      },
    },
  });
  expect(confirmed.statusCode).toBe(200);
  // Confirmed, the client sees prices (the confirmation allows them unless staff untick it).
  await until(textIs(texts.confirmed));

  say("/market");
  let shown = await until(textIs(texts.chooseBrand));
  lastId = 1;
  press(buttonIn(shown, "Volta"));
  shown = await until(textIs(texts.chooseProduct));
  press(buttonIn(shown, "Кабель"));
  shown = await until(textIs(texts.chooseModification));

  // A tier: the «10 шт» button reaches «от 10 шт — 540 ₽», priced on the confirm screen.
  press(buttonIn(shown, "🟢 1 м"));
  shown = await until(textIs(/от 10 шт — 540 ₽/));
  press(buttonIn(shown, "10 шт"));
  shown = await until(textIs(/\n\nКоличество: 10 шт × 540 ₽ = 5 400 ₽\. Подтвердите заказ\.$/));
  press(buttonIn(shown, "✅ Подтвердить"));
  shown = await until(textIs(/Кабель 1 м — 10 шт × 540 ₽ = 5 400 ₽ · Добавлен/));

  // Stock: 8 typed where 5 are left is refused at once, without the stock's figure; the «5 шт» button fits.
  press(buttonIn(shown, "« К товару"));
  shown = await until(textIs(texts.chooseModification));
  press(buttonIn(shown, "🟡 2 м"));
  shown = await until(textIs(/🟡 осталось мало$/));
  press(buttonIn(shown, "Другое количество"));
  await until(textIs(texts.askQuantity));
  say("8");
  shown = await until(textIs(/^❗ Столько нет на складе: можно заказать меньше\./));
  press(buttonIn(shown, "5 шт"));
  shown = await until(textIs(/Количество: 5 шт × 600 ₽ = 3 000 ₽/));
  press(buttonIn(shown, "✅ Подтвердить"));
  shown = await until(textIs(/Кабель 2 м — 5 шт × 600 ₽ = 3 000 ₽ · Добавлен/));

  // The hand limit, which is the client's own to know: 4 typed where one hand may take 3 a day is refused at
  // once, and the next typed number is taken.
  press(buttonIn(shown, "« К товару"));
  shown = await until(textIs(texts.chooseModification));
  press(buttonIn(shown, "🟢 3 м"));
  shown = await until(textIs(/Можно заказать до 3 шт\./));
  press(buttonIn(shown, "Другое количество"));
  await until(textIs(texts.askQuantity));
  say("4");
  await until(textIs(/^❗ В одни руки не больше 3 шт\. в день: можно ещё 3 шт/));
  say("3");
  shown = await until(textIs(/Количество: 3 шт × 600 ₽ = 1 800 ₽/));
  press(buttonIn(shown, "✅ Подтвердить"));
  await until(textIs(/Кабель 3 м — 3 шт × 600 ₽ = 1 800 ₽ · Добавлен/));

  say("Мой заказ");
  const order = await until(textIs(/^Ваш заказ на 20\.11\.2026:/));
  expect(order.at(-1)?.payload.text).toContain("Итого: 10 200 ₽");

  const list = await t.call("office", { method: "GET", url: "/api/sales/orders/" });
  const [mine] = list
    .json()
    .results.filter((o: { client: { nickname: string } }) => o.client.nickname === "Ольга");
  expect(mine.positions.map((p: { quantity: number }) => p.quantity).sort()).toEqual([10, 3, 5].sort());

  const sent = await t.call("office", {
    method: "POST",
    url: "/api/sales/send-to-collect/",
    payload: { type: "order", order_id: mine.id },
  });
  expect(sent.json().updated).toBe(3);
  await until(textIs("Ваш заказ на 20.11.2026 отправлен на сборку (позиций: 3)."));
  await new Promise((r) => setTimeout(r, 300));
  expect(fake.callsTo("sendMessage").filter((c) => /сборку/.test(String(c.payload.text)))).toHaveLength(1);
  expect(fake.callsTo("setMyCommands")).toHaveLength(1);
  expect(errors).toEqual([]);
});

it("in a group the bot says where to write and nothing more; a price raised before ✅ adds nothing", async () => {
  const group = { id: -100777, type: "supergroup", title: "Оптовики" };
  const before = fake.calls.length;
  say("/order", group);
  say("/start", group);
  await until((c) => c.method === "sendMessage" && c.payload.chat_id === group.id);
  await new Promise((r) => setTimeout(r, 300));
  const toGroup = fake.calls.slice(before).filter((c) => c.payload.chat_id === group.id);
  expect(toGroup.map((c) => c.payload.text)).toEqual([texts.privateOnly, texts.privateOnly]);

  const rub = (await seedCurrency(t.db, { name: "Рубль ₽", sign: "₽" })).id;
  const productId = (await seedProduct(t.db, { brandId: (await seedBrand(t.db)).id, name: "Лампа" })).id;
  const mod = await seedModification(t.db, {
    productId,
    name: "E27",
    tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
  });
  press(cardData.pack({ modificationId: mod.id, productId, page: 1 }));
  let shown = await until(textIs(/от 1 шт — 100 ₽/));
  press(buttonIn(shown, "10 шт"));
  shown = await until(textIs(/Количество: 10 шт × 100 ₽ = 1 000 ₽\. Подтвердите заказ\.$/));
  const raised = await t.call("office", {
    method: "PUT",
    url: `/api/storehouse/prices/${mod.tiers[0]?.id}/`,
    payload: { small_wholesale: 150 },
  });
  expect(raised.statusCode).toBe(200);
  // The client presses a moment after the change, as a person would: once this process has heard of it (on a
  // busy machine PostgreSQL's notice can take longer than the test's next line).
  await orderingCacheCaughtUp(t.db);
  press(buttonIn(shown, "✅ Подтвердить"));
  shown = await until(textIs(/Количество: 10 шт × 150 ₽ = 1 500 ₽\. Подтвердите заказ\.$/));
  expect(shown.at(-1)?.payload.text).toMatch(/^❗ Цена изменилась/);
  const positions = await t.db.select().from(orderPositions).where(eq(orderPositions.modificationId, mod.id));
  expect(positions).toEqual([]);
  expect(errors).toEqual([]);
});

it("staff's change of a position reaches the client as one message with the new lines; a change of nothing, none", async () => {
  const client = await seedClient(t.db, { telegramId: 8002, allowedPrice: true });
  const chat = { id: 8002, type: "private", first_name: "Пётр" };
  const from = { id: 8002, is_bot: false, first_name: "Пётр" };
  const rub = (await seedCurrency(t.db, { name: "Рубль ₽₽", sign: "₽" })).id;
  const productId = (
    await seedProduct(t.db, { brandId: (await seedBrand(t.db, { name: "Ugreen" })).id, name: "Кабель" })
  ).id;
  const tiers = [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 550 }];
  const first = await seedModification(t.db, { productId, name: "USB-A", tiers });
  const second = await seedModification(t.db, { productId, name: "USB-C", tiers });
  for (const mod of [first, second]) {
    fake.pushUpdate({
      callback_query: {
        id: String(Math.random()),
        from,
        chat_instance: "2",
        data: addData.pack({ modificationId: mod.id, productId, quantity: 2, price: 60000 }),
        message: { message_id: 1, chat, date: 0, text: "…" },
      },
    });
    await until((c) => c.method === "answerCallbackQuery" && c.payload.text === texts.added);
  }
  const [order] = (await t.call("office", { method: "GET", url: "/api/sales/orders/" }))
    .json()
    .results.filter((o: { client: { id: number } }) => o.client.id === client.id);
  const [a, b] = order.positions as { id: number }[];
  const toClient = () => fake.callsTo("sendMessage").filter((c) => c.payload.chat_id === 8002);
  const edit = (id: number | undefined, payload: Record<string, number>) =>
    t.call("office", { method: "PUT", url: `/api/sales/order-positions/${id}/`, payload });

  expect((await edit(a?.id, { price: 600, quantity: 5 })).statusCode).toBe(200);
  await until(textIs(/^Ваш заказ на 20\.11\.2026 изменён\./));
  expect(toClient().at(-1)?.payload.text).toBe(
    "Ваш заказ на 20.11.2026 изменён.\n1. Ugreen Кабель USB-A — 5 шт × 600 ₽ = 3 000 ₽ · Добавлен\n" +
      "2. Ugreen Кабель USB-C — 2 шт × 600 ₽ = 1 200 ₽ · Добавлен\n\nИтого: 4 200 ₽",
  );
  const sent = toClient().length;
  expect((await edit(a?.id, { price: 600, quantity: 5 })).statusCode).toBe(200);
  expect(
    (await t.call("office", { method: "DELETE", url: `/api/sales/order-positions/${b?.id}/` })).statusCode,
  ).toBe(204);
  await until(textIs(/позиция «Ugreen Кабель USB-C» удалена/));
  await new Promise((r) => setTimeout(r, 300));
  expect(
    toClient()
      .slice(sent)
      .map((c) => c.payload.text),
  ).toEqual([
    "Ваш заказ на 20.11.2026 изменён: позиция «Ugreen Кабель USB-C» удалена.\n" +
      "1. Ugreen Кабель USB-A — 5 шт × 600 ₽ = 3 000 ₽ · Добавлен\n\nИтого: 3 000 ₽",
  ]);
  expect(errors).toEqual([]);
});
