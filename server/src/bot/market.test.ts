import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { clients, marketSchedules, modifications, orderPositions } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, sentTexts } from "../test/bot-chat.ts";
import {
  addData,
  brandsData,
  cardData,
  modificationsData,
  productsData,
  quantityData,
  searchData,
  typedQuantityData,
} from "./callback-data/catalogue.ts";
import { changeData, removeData } from "./callback-data/order.ts";
import type { CapturedCall } from "./capture.ts";
import { texts } from "./texts.ts";

let t: TestApp;
let rub: number;
let brandId: number;
let productId: number;
let modId: number;
let scheduleId: number;
beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  brandId = (await seedBrand(t.db, { name: "Acme" })).id;
  productId = (await seedProduct(t.db, { brandId, name: "Зарядка" })).id;
  const mod = await seedModification(t.db, {
    productId,
    name: "USB-C 20W",
    quantity: 30,
    tiers: [
      { currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 550 },
      { currencyId: rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 500 },
    ],
  });
  modId = mod.id;
  const [schedule] = await t.db
    .insert(marketSchedules)
    .values({ name: "Основной", isActive: true })
    .returning();
  scheduleId = schedule?.id ?? 0;
});
afterAll(() => t.close());

const keyboardOf = (call: CapturedCall | undefined) =>
  (
    (call?.payload.reply_markup as { inline_keyboard?: { text: string; callback_data: string }[][] })
      ?.inline_keyboard ?? []
  ).flat();
const setOpen = (open: boolean) =>
  t.db.update(marketSchedules).set({ isManuallyOpened: open }).where(eq(marketSchedules.id, scheduleId));
/** The callback data of the button named `text` in the last message (sent or edited) of `calls`. */
const button = (calls: CapturedCall[], text: string) => {
  const shown = calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1);
  const found = keyboardOf(shown).find((b) => b.text === text);
  if (!found) throw new Error(`no button «${text}» in ${JSON.stringify(keyboardOf(shown))}`);
  return found.callback_data;
};
const lastText = (calls: CapturedCall[]) => sentTexts(calls).at(-1) ?? "";
const CLOSED = /^Маркет сейчас закрыт\./;

describe("the market in the bot", () => {
  it("a closed market says so; an open one shows the entry text and the brands", async () => {
    const client = await seedClient(t.db, { telegramId: 6001, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6001);
    expect(sentTexts(await chat.send("/market"))[0]).toMatch(/^Маркет сейчас закрыт/);
    await setOpen(true);
    const calls = await chat.send("Маркет");
    expect(sentTexts(calls)).toEqual([
      "Добро пожаловать в маркет! Выберите брэнд, затем товар и количество.",
      texts.chooseBrand,
    ]);
    expect(keyboardOf(calls[1]).map((b) => b.text)).toContain("Acme");
    expect(client.id).toBeGreaterThan(0);
  });

  it("a client who blocked the bot and writes again is reachable again; nobody else is", async () => {
    const blocked = await seedClient(t.db, { telegramId: 6010, telegramUnreachableAt: new Date() });
    const silent = await seedClient(t.db, { telegramId: 6011, telegramUnreachableAt: new Date() });
    await botChat(t.db, t.clock, 6010).send("/market");
    const marks = await t.db
      .select({ id: clients.id, at: clients.telegramUnreachableAt })
      .from(clients)
      .where(inArray(clients.id, [blocked.id, silent.id]));
    expect(marks.find((m) => m.id === blocked.id)?.at).toBeNull();
    expect(marks.find((m) => m.id === silent.id)?.at).not.toBeNull();
  });

  it("browses by editing one message, shows tiers, and orders a tier-reaching quantity", async () => {
    await seedClient(t.db, { telegramId: 6002, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6002);
    let calls = await chat.press(productsData.pack({ brandId, page: 1 }), 77);
    expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery", "editMessageText"]);
    expect(calls[1]?.payload).toMatchObject({ message_id: 77, text: texts.chooseProduct });
    calls = await chat.press(modificationsData.pack({ productId, page: 1 }), 77);
    expect(keyboardOf(calls[1]).map((b) => b.text)).toContain("🟢 USB-C 20W");
    calls = await chat.press(cardData.pack({ modificationId: modId, productId, page: 1 }), 77);
    const card = String(calls[1]?.payload.text);
    expect(card).toContain("от 1 шт — 600 ₽");
    expect(card).toContain("от 10 шт — 540 ₽");
    expect(card).toContain("в наличии");
    expect(keyboardOf(calls[1]).map((b) => b.text)).toEqual(
      expect.arrayContaining(["1 шт", "10 шт", "Другое количество", "« Назад"]),
    );
    calls = await chat.press(
      quantityData.pack({ modificationId: modId, productId, page: 1, quantity: 10 }),
      77,
    );
    expect(String(calls[1]?.payload.text)).toContain(
      "Количество: 10 шт × 540 ₽ = 5 400 ₽. Подтвердите заказ.",
    );
    calls = await chat.press(button(calls, "✅ Подтвердить"), 77);
    expect(String(calls[1]?.payload.text)).toContain("USB-C 20W — 10 шт × 540 ₽ = 5 400 ₽ · Добавлен");
    const [row] = await t.db.select().from(modifications).where(eq(modifications.id, modId));
    expect(row?.quantity).toBe(20);
  });

  it("a typed quantity is judged before its confirm screen; «Мой заказ» changes after a confirm, and removes", async () => {
    await seedClient(t.db, { telegramId: 6003, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6003);
    await chat.press(typedQuantityData.pack({ modificationId: modId, productId, page: 1 }));
    expect(sentTexts(await chat.send("много"))).toEqual([texts.badQuantity]);
    // 500 where 20 are left: refused at once, with what is left offered in one tap and the amounts that may be
    // taken, and not the stock's figure.
    let calls = await chat.send("500");
    expect(lastText(calls)).toMatch(
      /^❗ Столько нет на складе: можно заказать меньше\.\nНапишите другое количество или выберите его кнопкой ниже\.\n\nAcme · Зарядка\n/,
    );
    expect(lastText(calls)).not.toContain("Можно заказать до");
    expect(keyboardOf(calls[0]).map((b) => b.text)).toEqual([
      "Взять сколько есть",
      "1 шт",
      "5 шт",
      "10 шт",
      "20 шт",
      "Другое количество",
      "« Назад",
    ]);
    calls = await chat.send("2");
    expect(lastText(calls)).toContain("Количество: 2 шт × 600 ₽ = 1 200 ₽. Подтвердите заказ.");
    await chat.press(button(calls, "✅ Подтвердить"));
    calls = await chat.send("Мой заказ");
    expect(String(calls[0]?.payload.text)).toMatch(
      /1\. Acme Зарядка USB-C 20W — 2 шт × 600 ₽ = 1 200 ₽ · Добавлен\n\nИтого: 1 200 ₽/,
    );
    const [position] = await t.db.select().from(orderPositions).where(eq(orderPositions.quantity, 2));
    const positionId = position?.id ?? 0;
    expect(keyboardOf(calls[0]).map((b) => b.callback_data)).toContain(removeData.pack({ positionId }));
    await chat.press(changeData.pack({ positionId }));
    calls = await chat.send("3");
    expect(sentTexts(calls)).toEqual([
      "Acme Зарядка USB-C 20W: 2 шт → 3 шт × 600 ₽ = 1 800 ₽. Подтвердите изменение.",
    ]);
    const quantityOf = async () =>
      (await t.db.select().from(orderPositions).where(eq(orderPositions.id, positionId)))[0]?.quantity;
    expect(await quantityOf()).toBe(2);
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    expect(await quantityOf()).toBe(3);
    expect(lastText(calls)).toContain("Количество изменено.");
    expect(lastText(calls)).toContain("3 шт × 600 ₽");
    calls = await chat.press(removeData.pack({ positionId }));
    expect(String(calls[1]?.payload.text)).toContain("Позиция удалена.");
    const [row] = await t.db.select().from(modifications).where(eq(modifications.id, modId));
    expect(row?.quantity).toBe(20);
  });

  it("a typed word searches modifications, with paging kept in the session", async () => {
    await seedClient(t.db, { telegramId: 6004, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6004);
    let calls = await chat.send("usb");
    expect(calls[0]?.payload.text).toBe("Найдено по запросу «usb»:");
    expect(keyboardOf(calls[0]).map((b) => b.text)).toContain("🟢 Acme Зарядка USB-C 20W");
    calls = await chat.send("нетакого");
    expect(calls[0]?.payload.text).toBe("По запросу «нетакого» ничего не найдено.");
    calls = await chat.press(searchData.pack({ page: 1 }));
    expect(calls[1]?.payload.text).toBe("По запросу «нетакого» ничего не найдено.");
    calls = await chat.press(brandsData.pack({ page: 1 }));
    expect(calls[1]?.payload.text).toBe(texts.chooseBrand);
  });

  it("a closed market refuses an order; banned and inactive clients are told they cannot order", async () => {
    await seedClient(t.db, { telegramId: 6005, allowedPrice: true });
    await setOpen(false);
    const chat = botChat(t.db, t.clock, 6005);
    const calls = await chat.press(
      addData.pack({ modificationId: modId, productId, quantity: 1, price: 60000 }),
    );
    expect(calls[0]?.payload.text).toBe("Маркет сейчас закрыт: заказы не принимаются.");
    await setOpen(true);
    for (const [telegramId, values] of [
      [6006, { banned: true }],
      [6007, { permanentBanned: true }],
      [6008, { isActive: false }],
    ] as const) {
      await seedClient(t.db, { telegramId, ...values });
      const banned = botChat(t.db, t.clock, telegramId);
      expect(sentTexts(await banned.send("/market"))).toEqual([
        "Вы не можете делать заказы. Обратитесь к менеджеру.",
      ]);
      expect(sentTexts(await banned.send("Условия"))).toEqual([
        "Вы не можете делать заказы. Обратитесь к менеджеру.",
      ]);
    }
  });
  it("a client who may not see prices sees none: card, confirmation, added line, «Мой заказ», a change", async () => {
    await setOpen(true);
    await seedClient(t.db, { telegramId: 6020 });
    const chat = botChat(t.db, t.clock, 6020);
    let calls = await chat.press(cardData.pack({ modificationId: modId, productId, page: 1 }));
    expect(lastText(calls)).toContain("от 10 шт — цену уточняйте у менеджера");
    calls = await chat.press(button(calls, "10 шт"));
    expect(lastText(calls)).toMatch(/\n\nКоличество: 10 шт\. Подтвердите заказ\.$/);
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    expect(lastText(calls)).toBe("✅ Добавлено в заказ.\n1. Acme Зарядка USB-C 20W — 10 шт · Добавлен");
    calls = await chat.send("Мой заказ");
    expect(sentTexts(calls)).toEqual([
      "Ваш заказ на 20.11.2026:\n1. Acme Зарядка USB-C 20W — 10 шт · Добавлен",
    ]);
    await chat.press(button(calls, "✏️ 1. Изменить"));
    calls = await chat.send("12");
    expect(sentTexts(calls)).toEqual(["Acme Зарядка USB-C 20W: 10 шт → 12 шт. Подтвердите изменение."]);
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    expect(lastText(calls)).toBe(
      "Количество изменено.\n\nВаш заказ на 20.11.2026:\n1. Acme Зарядка USB-C 20W — 12 шт · Добавлен",
    );
    calls = await chat.press(button(calls, "🗑 1. Удалить"));
    expect(lastText(calls)).toBe("Позиция удалена.\n\nЗаказ на 20.11.2026 пуст.");
  });

  it("offers only the quantity buttons the ordering service would accept", async () => {
    await setOpen(true);
    const fromTen = await seedModification(t.db, {
      productId,
      name: "USB-C 65W",
      quantity: 30,
      tiers: [
        { currencyId: rub, quantityFrom: 1, smallWholesale: 1, largeWholesale: 550 },
        { currencyId: rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 500 },
      ],
    });
    await seedClient(t.db, { telegramId: 6060, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6060);
    const calls = await chat.press(cardData.pack({ modificationId: fromTen.id, productId, page: 1 }));
    expect(keyboardOf(calls[1]).map((b) => b.text)).toEqual([
      "10 шт",
      "20 шт",
      "Другое количество",
      "« Назад",
    ]);
  });

  it("«Назад» returns where the client came from: the list's page, the brand's products, the search", async () => {
    await setOpen(true);
    const brand = await seedBrand(t.db, { name: "Многокабель" });
    const cables = await seedProduct(t.db, { brandId: brand.id, name: "Кабели" });
    for (let i = 1; i <= 9; i++) {
      await seedModification(t.db, {
        productId: cables.id,
        name: `Кабель ${i}`,
        quantity: 5,
        tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
      });
    }
    await seedClient(t.db, { telegramId: 6030, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6030);
    let calls = await chat.press(productsData.pack({ brandId: brand.id, page: 1 }));
    calls = await chat.press(button(calls, "Кабели"));
    calls = await chat.press(button(calls, "›"));
    calls = await chat.press(button(calls, "🟡 Кабель 9"));
    calls = await chat.press(button(calls, "1 шт"));
    calls = await chat.press(button(calls, "« Назад"));
    expect(lastText(calls)).toMatch(/^Многокабель · Кабели\nКабель 9\n/);
    calls = await chat.press(button(calls, "« Назад"));
    expect(lastText(calls)).toBe(texts.chooseModification);
    expect(keyboardOf(calls[1]).map((b) => b.text)).toEqual(["🟡 Кабель 9", "‹", "2/2", "« Назад"]);
    calls = await chat.press(button(calls, "« Назад"));
    expect(lastText(calls)).toBe(texts.chooseProduct);
    expect(keyboardOf(calls[1]).map((b) => b.text)).toEqual(["Кабели", "« Назад"]);

    // After ordering, «« К товару» opens the product's list, whose «Назад» leads to the brand's products.
    calls = await chat.press(button(calls, "Кабели"));
    calls = await chat.press(button(calls, "🟡 Кабель 1"));
    calls = await chat.press(button(calls, "1 шт"));
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    calls = await chat.press(button(calls, "« К товару"));
    expect(lastText(calls)).toBe(texts.chooseModification);
    calls = await chat.press(button(calls, "« Назад"));
    expect(lastText(calls)).toBe(texts.chooseProduct);

    // From the search results, back to them, and after ordering too.
    calls = await chat.send("Кабель 2");
    calls = await chat.press(button(calls, "🟡 Многокабель Кабели Кабель 2"));
    calls = await chat.press(button(calls, "« Назад"));
    expect(lastText(calls)).toBe("Найдено по запросу «Кабель 2»:");
    calls = await chat.press(button(calls, "🟡 Многокабель Кабели Кабель 2"));
    calls = await chat.press(button(calls, "1 шт"));
    calls = await chat.press(button(calls, "✅ Подтвердить"));
    calls = await chat.press(button(calls, "« К поиску"));
    expect(lastText(calls)).toBe("Найдено по запросу «Кабель 2»:");
  });

  it("while the market is closed, browsing answers when it opens instead of lists", async () => {
    await setOpen(true);
    await seedClient(t.db, { telegramId: 6040, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6040);
    await chat.press(typedQuantityData.pack({ modificationId: modId, productId, page: 1 }));
    await setOpen(false);
    try {
      const typedQuantity = sentTexts(await chat.send("5"));
      expect(typedQuantity).toHaveLength(1);
      expect(typedQuantity[0]).toMatch(CLOSED);
      const typedSearch = sentTexts(await chat.send("usb"));
      expect(typedSearch).toHaveLength(1);
      expect(typedSearch[0]).toMatch(CLOSED);
      for (const data of [
        brandsData.pack({ page: 1 }),
        productsData.pack({ brandId, page: 1 }),
        modificationsData.pack({ productId, page: 1 }),
        searchData.pack({ page: 1 }),
        cardData.pack({ modificationId: modId, productId, page: 1 }),
        quantityData.pack({ modificationId: modId, productId, page: 1, quantity: 2 }),
      ]) {
        const calls = await chat.press(data);
        expect(calls.map((c) => c.method)).toEqual(["answerCallbackQuery", "editMessageText"]);
        expect(calls[1]?.payload.text).toMatch(CLOSED);
        expect(keyboardOf(calls[1])).toEqual([]);
      }
    } finally {
      await setOpen(true);
    }
  });

  it("a refused change waits for another number only when another number can do", async () => {
    await setOpen(true);
    await seedClient(t.db, { telegramId: 6050, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 6050);
    await chat.press(addData.pack({ modificationId: modId, productId, quantity: 2, price: 60000 }));
    const order = await chat.send("Мой заказ");
    const change = button(order, "✏️ 1. Изменить");
    const positionId = changeData.unpack(change)?.positionId ?? 0;

    await chat.press(change);
    const tooMany = sentTexts(await chat.send("500"));
    expect(tooMany).toHaveLength(1);
    expect(tooMany).toEqual([
      "❗ Столько нет на складе: можно заказать меньше.\nНапишите другое количество или выберите действие в меню.",
    ]);
    const confirm = await chat.send("3");
    expect(lastText(await chat.press(button(confirm, "✅ Подтвердить")))).toMatch(/^Количество изменено\./);

    await chat.press(change);
    await setOpen(false);
    try {
      expect(sentTexts(await chat.send("4"))).toEqual(["❗ Маркет сейчас закрыт: заказы не принимаются."]);
    } finally {
      await setOpen(true);
    }
    expect(lastText(await chat.send("usb"))).toBe("Найдено по запросу «usb»:");

    await chat.press(change);
    await t.db
      .update(orderPositions)
      .set({ status: "sent_to_collect" })
      .where(eq(orderPositions.id, positionId));
    expect(sentTexts(await chat.send("4"))).toEqual([
      "❗ Позиция уже отправлена на сборку: изменить её нельзя.",
    ]);
    expect(lastText(await chat.send("usb"))).toBe("Найдено по запросу «usb»:");
  });
});
