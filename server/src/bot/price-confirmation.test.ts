import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import {
  accessRules,
  clients,
  marketSchedules,
  modifications,
  orderPositions,
  orders,
} from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, sentTexts } from "../test/bot-chat.ts";
import { addData, cardData, quantityData, typedQuantityData } from "./callback-data/catalogue.ts";
import type { CapturedCall } from "./capture.ts";

let t: TestApp;
let rub: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  productId = (
    await seedProduct(t.db, { brandId: (await seedBrand(t.db, { name: "Acme" })).id, name: "Зарядка" })
  ).id;
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

/** A modification priced 100 ₽ from 1 unit and 90 ₽ from 10; returns it with its tiers' ids. */
async function priced(values: Parameters<typeof seedModification>[1] = {}) {
  return seedModification(t.db, {
    productId,
    quantity: 100,
    tiers: [
      { currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 100 },
      { currencyId: rub, quantityFrom: 10, smallWholesale: 90, largeWholesale: 90 },
    ],
    ...values,
  });
}

/** Staff change a tier's small-wholesale price on the catalogue screen. */
const setPrice = async (tierId: number | undefined, price: number) =>
  expect(
    (
      await t.call("office", {
        method: "PUT",
        url: `/api/storehouse/prices/${tierId}/`,
        payload: { small_wholesale: price },
      })
    ).statusCode,
  ).toBe(200);

const shown = (calls: CapturedCall[]) =>
  calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1);
const lastText = (calls: CapturedCall[]) => String(shown(calls)?.payload.text ?? "");
const buttonsOf = (calls: CapturedCall[]) =>
  (
    (shown(calls)?.payload.reply_markup as { inline_keyboard?: { text: string; callback_data: string }[][] })
      ?.inline_keyboard ?? []
  ).flat();
const button = (calls: CapturedCall[], text: string) => {
  const found = buttonsOf(calls).find((b) => b.text === text);
  if (!found)
    throw new Error(
      `no button «${text}» among ${buttonsOf(calls)
        .map((b) => b.text)
        .join(", ")}`,
    );
  return found.callback_data;
};
const alertOf = (calls: CapturedCall[]) => calls.find((c) => c.method === "answerCallbackQuery")?.payload;

async function positionsOf(clientId: number) {
  return t.db
    .select({ quantity: orderPositions.quantity, price: orderPositions.price })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(eq(orders.clientId, clientId));
}

describe("the price the client confirmed", () => {
  it("a price raised between the confirm screen and ✅ adds nothing and shows the new price to confirm", async () => {
    const mod = await priced();
    const client = await seedClient(t.db, { telegramId: 9101, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9101);
    let calls = await chat.press(cardData.pack({ modificationId: mod.id, productId, page: 1 }));
    calls = await chat.press(button(calls, "10 шт"));
    expect(lastText(calls)).toMatch(/Количество: 10 шт × 90 ₽ = 900 ₽\. Подтвердите заказ\.$/);
    const confirmedAt90 = button(calls, "✅ Подтвердить");

    await setPrice(mod.tiers[1]?.id, 150);
    calls = await chat.press(confirmedAt90);
    expect(alertOf(calls)).toMatchObject({
      text: "Цена изменилась: подтвердите заказ по новой цене.",
      show_alert: true,
    });
    expect(lastText(calls)).toMatch(
      /^❗ Цена изменилась: подтвердите заказ по новой цене\.\n\nAcme · .*\n\nКоличество: 10 шт × 150 ₽ = 1 500 ₽\. Подтвердите заказ\.$/s,
    );
    expect(await positionsOf(client.id)).toEqual([]);
    // The old button stays refused; the new one adds at the price it showed.
    expect(alertOf(await chat.press(confirmedAt90))?.text).toBe(
      "Цена изменилась: подтвердите заказ по новой цене.",
    );
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    expect(lastText(calls)).toMatch(/10 шт × 150 ₽ = 1 500 ₽ · Добавлен/);
    expect(await positionsOf(client.id)).toEqual([{ quantity: 10, price: 150 }]);
  });

  it("a change of a position is confirmed at its price too, and a raised one changes nothing", async () => {
    const mod = await priced();
    const client = await seedClient(t.db, { telegramId: 9102, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9102);
    let calls = await chat.press(cardData.pack({ modificationId: mod.id, productId, page: 1 }));
    calls = await chat.press(button(calls, "5 шт"));
    await chat.press(button(calls, "✅ Подтвердить"));
    calls = await chat.send("Мой заказ");
    await chat.press(button(calls, "✏️ 1. Изменить"));
    calls = await chat.send("12");
    expect(sentTexts(calls)).toEqual([
      `Acme Зарядка ${mod.name}: 5 шт → 12 шт × 90 ₽ = 1 080 ₽. Подтвердите изменение.`,
    ]);
    expect(await positionsOf(client.id)).toEqual([{ quantity: 5, price: 100 }]);

    await setPrice(mod.tiers[1]?.id, 95);
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    expect(lastText(calls)).toBe(
      `❗ Цена изменилась: подтвердите заказ по новой цене.\n\nAcme Зарядка ${mod.name}: 5 шт → 12 шт × 95 ₽ = 1 140 ₽. Подтвердите изменение.`,
    );
    expect(await positionsOf(client.id)).toEqual([{ quantity: 5, price: 100 }]);
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    expect(lastText(calls)).toMatch(/^Количество изменено\.\n\n.*12 шт × 95 ₽ = 1 140 ₽ · Добавлен/s);
    expect(await positionsOf(client.id)).toEqual([{ quantity: 12, price: 95 }]);
  });

  it("a client who may not see prices confirms the quantity alone: no price travels or is shown", async () => {
    const mod = await priced();
    const client = await seedClient(t.db, { telegramId: 9103 });
    const chat = botChat(t.db, t.clock, 9103);
    let calls = await chat.press(cardData.pack({ modificationId: mod.id, productId, page: 1 }));
    calls = await chat.press(button(calls, "10 шт"));
    const confirm = button(calls, "✅ Подтвердить");
    // The button carries no price at all (its last field is empty), not a price of 0.
    expect(confirm).toMatch(/:10:$/);
    await setPrice(mod.tiers[1]?.id, 120);
    calls = await chat.press(confirm);
    expect(lastText(calls)).toBe(`✅ Добавлено в заказ.\n1. Acme Зарядка ${mod.name} — 10 шт · Добавлен`);
    expect(await positionsOf(client.id)).toEqual([{ quantity: 10, price: 120 }]);
  });

  it("a button without a price, from a client who sees prices, adds nothing: the price comes back to confirm", async () => {
    const mod = await priced();
    const client = await seedClient(t.db, { telegramId: 9104, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9104);
    const calls = await chat.press(
      addData.pack({ modificationId: mod.id, productId, quantity: 10, price: null }),
    );
    expect(alertOf(calls)?.text).toBe("Подтвердите цену: заказ принимается по цене, которую вы видели.");
    expect(lastText(calls)).toMatch(/Количество: 10 шт × 90 ₽ = 900 ₽\. Подтвердите заказ\.$/);
    expect(await positionsOf(client.id)).toEqual([]);
  });

  it("prices with kopecks keep two digits: 226,10 ₽, as the back-office and the Mini App show them", async () => {
    const mod = await priced({
      tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 226.1, largeWholesale: 226.1 }],
    });
    await seedClient(t.db, { telegramId: 9105, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9105);
    let calls = await chat.press(cardData.pack({ modificationId: mod.id, productId, page: 1 }));
    calls = await chat.press(button(calls, "5 шт"));
    expect(lastText(calls)).toMatch(/Количество: 5 шт × 226,10 ₽ = 1 130,50 ₽\. Подтвердите заказ\.$/);
  });
});

describe("what a refusal or a card may tell", () => {
  it("a day's sum limit refuses a client without prices in pieces only, never with the sum", async () => {
    const mod = await priced({ name: "Дорогая" });
    const refusalFor = async (telegramId: number, allowedPrice: boolean) => {
      const client = await seedClient(t.db, { telegramId, allowedPrice });
      await t.db.update(accessRules).set({ totalLimit: 250 }).where(eq(accessRules.clientId, client.id));
      const chat = botChat(t.db, t.clock, telegramId);
      await chat.press(typedQuantityData.pack({ modificationId: mod.id, productId, page: 1 }));
      return sentTexts(await chat.send("5"))[0]?.split("\n")[0];
    };
    expect(await refusalFor(9201, false)).toBe("❗ Лимит суммы заказа за день: можно ещё 2 шт.");
    expect(await refusalFor(9202, true)).toBe("❗ Лимит суммы заказа за день — 250 ₽: можно ещё 2 шт.");
  });

  it("the card never names the stock: it names only a limit of the client's own", async () => {
    // Named here: a factory's numbered name («Модификация 500») would hold the stock's figure by chance.
    const plenty = await priced({ name: "Обильная", quantity: 50 });
    const handLimited = await priced({
      name: "Ограниченная",
      quantity: 50,
      oneHandQuantity: 20,
      oneHandLimited: true,
    });
    await seedClient(t.db, { telegramId: 9203, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9203);
    const card = async (modificationId: number) =>
      lastText(await chat.press(cardData.pack({ modificationId, productId, page: 1 })));
    expect(await card(plenty.id)).not.toMatch(/(?<!\d)50(?!\d)|Можно заказать до/);
    expect(await card(handLimited.id)).toMatch(/\nМожно заказать до 20 шт\.$/);
    const [row] = await t.db.select().from(clients).where(eq(clients.telegramId, 9203));
    expect(row?.allowedPrice).toBe(true);
  });
});

/**
 * A refused add offers its way on in one tap: what a limit of the client's own still allows, added at once at the
 * price the button shows, and «Взять сколько есть» when the stock holds fewer, whose figure the chat names only
 * once it is in the order.
 */
describe("a refused add's one tap", () => {
  it("«Взять сколько есть» takes what the stock holds, at the tier it reaches, named only once ordered", async () => {
    const mod = await priced({ quantity: 7 });
    const client = await seedClient(t.db, { telegramId: 9301, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9301);
    // 10 units asked, at 90 ₽: the stock holds fewer.
    const calls = await chat.press(
      quantityData.pack({ modificationId: mod.id, productId, page: 1, quantity: 10 }),
    );
    const refused = String(shown(calls)?.payload.text);
    expect(refused).toContain("Столько нет на складе: можно заказать меньше.");
    expect(refused).not.toMatch(/(?<!\d)7(?!\d)/);
    const taken = await chat.press(button(calls, "Взять сколько есть"));
    expect(String(shown(taken)?.payload.text)).toMatch(
      /^✅ Добавлено в заказ\.\n1\. .* — 7 шт × 100 ₽ = 700 ₽/,
    );
    expect(await positionsOf(client.id)).toEqual([{ quantity: 7, price: 100 }]);
    const [stock] = await t.db.select().from(modifications).where(eq(modifications.id, mod.id));
    expect(stock?.quantity).toBe(0);
  });

  it("a limit of the client's own offers what it still allows, added at once at the price on the button", async () => {
    const mod = await priced({ quantity: 100, oneHandQuantity: 12, oneHandLimited: true });
    const client = await seedClient(t.db, { telegramId: 9302, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9302);
    const calls = await chat.press(
      quantityData.pack({ modificationId: mod.id, productId, page: 1, quantity: 20 }),
    );
    expect(String(shown(calls)?.payload.text)).toContain(
      "В одни руки не больше 12 шт. в день: можно ещё 12 шт.",
    );
    expect(buttonsOf(calls).map((b) => b.text)).not.toContain("Взять сколько есть");
    const added = await chat.press(button(calls, "Добавить 12 шт. по 90 ₽"));
    expect(String(shown(added)?.payload.text)).toMatch(/^✅ Добавлено в заказ\./);
    expect(await positionsOf(client.id)).toEqual([{ quantity: 12, price: 90 }]);
    // Nothing is offered when nothing is left.
    const none = await chat.press(cardData.pack({ modificationId: mod.id, productId, page: 1 }));
    expect(buttonsOf(none).some((b) => b.text.startsWith("Добавить"))).toBe(false);
  });
});
