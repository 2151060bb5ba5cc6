import type { TPreparedListSent } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { additions, marketSchedules, orderPositions } from "../db/schema/index.ts";
import { telegramRefusal } from "../lib/telegram-limits.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, sentTexts } from "../test/bot-chat.ts";
import { seedLongOrder } from "../test/long-order.ts";
import * as catalogueFamilies from "./callback-data/catalogue.ts";
import { callbackData, ID } from "./callback-data/factory.ts";
import * as orderFamilies from "./callback-data/order.ts";
import { changeData, removeData } from "./callback-data/order.ts";
import * as registrationFamilies from "./callback-data/registration.ts";
import type { CapturedCall } from "./capture.ts";
import type { BotContext } from "./context.ts";
import { sentText } from "./features/prepared-list.ts";
import { replyInParts } from "./features/show.ts";
import { texts } from "./texts.ts";

let t: TestApp;
let rub: number;
beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

type Button = { text: string; callback_data?: string };
const buttonsOf = (call: CapturedCall | undefined): Button[] =>
  (
    (call?.payload.reply_markup as { inline_keyboard?: Button[][] } | undefined)?.inline_keyboard ?? []
  ).flat();
const shown = (calls: CapturedCall[]) =>
  calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1);
const button = (calls: CapturedCall[], text: string) => {
  const found = buttonsOf(shown(calls)).find((b) => b.text === text);
  if (!found?.callback_data)
    throw new Error(`no button «${text}» in ${JSON.stringify(buttonsOf(shown(calls)))}`);
  return found.callback_data;
};

/** Every message and keyboard the bot sent fits Telegram's limits, checked here too, not only by the capture. */
function expectWithinLimits(calls: CapturedCall[]) {
  for (const call of calls) {
    expect(
      telegramRefusal(call.method, call.payload),
      `${call.method} ${JSON.stringify(call.payload).slice(0, 200)}`,
    ).toBeNull();
    if (typeof call.payload.text === "string") expect(call.payload.text.length).toBeLessThanOrEqual(4096);
    const buttons = buttonsOf(call);
    expect(buttons.length).toBeLessThanOrEqual(100);
    for (const b of buttons) expect(Buffer.byteLength(b.callback_data ?? "", "utf8")).toBeLessThanOrEqual(64);
  }
}

const seedOrderOf = (clientId: number, count: number) =>
  seedLongOrder(t.db, { clientId, currencyId: rub, count });

describe("«Мой заказ» at wholesale size", () => {
  it("a 100-position order is paged: every page fits, every position is reachable with its buttons", async () => {
    const client = await seedClient(t.db, { telegramId: 9101, allowedPrice: true });
    const order = await seedOrderOf(client.id, 100);
    const ids = order.positions.map((p) => p.id);
    const chat = botChat(t.db, t.clock, 9101);

    let calls = await chat.send("Мой заказ");
    expect(chat.errors).toEqual([]);
    expectWithinLimits(calls);
    const first = String(shown(calls)?.payload.text);
    expect(first).toMatch(/^Ваш заказ на 20\.11\.2026, позиции 1–20 из 100:\n1\. Вектор \d+ Сетевое/);
    const totals = /\n\n(Итого: .+ ₽)$/.exec(first)?.[1];
    expect(totals).toMatch(/^Итого: 7\s345\s275 ₽$/);
    const pager = buttonsOf(shown(calls)).find((b) => /^1\/\d+$/.test(b.text))?.text ?? "";
    const pages = Number(pager.slice(2));
    expect(pages).toBe(5);

    // Page by page with «›»: each page one message edited in place, the whole order's totals on each.
    const lines = new Set<number>();
    const removable = new Set<number>();
    const changeable = new Set<number>();
    for (let page = 1; page <= pages; page++) {
      if (page > 1) calls = await chat.press(button(calls, "›"), 500);
      expectWithinLimits(calls);
      expect(chat.errors).toEqual([]);
      const view = shown(calls);
      expect(view?.method).toBe(page === 1 ? "sendMessage" : "editMessageText");
      const text = String(view?.payload.text);
      expect(text.endsWith(`\n\n${totals}`)).toBe(true);
      for (const [, n] of text.matchAll(/^(\d+)\. /gm)) lines.add(Number(n));
      for (const b of buttonsOf(view)) {
        const removed = removeData.unpack(b.callback_data ?? "");
        if (removed) removable.add(removed.positionId);
        const changed = changeData.unpack(b.callback_data ?? "");
        if (changed) changeable.add(changed.positionId);
      }
      expect(buttonsOf(view).map((b) => b.text)).toContain(`${page}/${pages}`);
    }
    expect([...lines].sort((a, b) => a - b)).toEqual(ids.map((_, i) => i + 1));
    const added = ids.filter((_, i) => i % 10 !== 9);
    expect([...removable].sort((a, b) => a - b)).toEqual(added);
    expect([...changeable].sort((a, b) => a - b)).toEqual(added);

    // «Удалить» on page 3 stays on page 3.
    calls = await chat.press(
      button(await chat.press(orderFamilies.orderPageData.pack({ page: 3 }), 500), "🗑 45. Удалить"),
      500,
    );
    expectWithinLimits(calls);
    expect(String(shown(calls)?.payload.text)).toMatch(
      /^Позиция удалена\.\n\nВаш заказ на 20\.11\.2026, позиции 41–60 из 99:\n41\. /,
    );
    expect(
      await t.db
        .select()
        .from(orderPositions)
        .where(eq(orderPositions.id, ids[44] ?? 0)),
    ).toEqual([]);

    // A change of position 75 lands on the page holding it, and so does «« Мой заказ» from its confirm screen.
    calls = await chat.press(
      button(await chat.press(orderFamilies.orderPageData.pack({ page: 4 }), 500), "✏️ 75. Изменить"),
      500,
    );
    calls = await chat.send("7");
    expectWithinLimits(calls);
    calls = await chat.press(button(calls, "« Мой заказ"), 600);
    expect(String(shown(calls)?.payload.text)).toMatch(/^Ваш заказ на 20\.11\.2026, позиции 61–80 из 99:/);
    calls = await chat.press(button(calls, "✏️ 75. Изменить"), 600);
    calls = await chat.send("7");
    calls = await chat.press(button(calls, "✅ Подтвердить"), 600);
    expectWithinLimits(calls);
    const changed = String(shown(calls)?.payload.text);
    expect(changed).toMatch(/^Количество изменено\.\n\nВаш заказ на 20\.11\.2026, позиции 61–80 из 99:/);
    expect(changed).toMatch(/\n75\. .* — 7 шт × 1\s234,50 ₽ = 8\s641,50 ₽ · Добавлен\n/);
    expect(chat.errors).toEqual([]);
  });

  it("a short order reads as it always did, on one page without a pager", async () => {
    const client = await seedClient(t.db, { telegramId: 9102, allowedPrice: true });
    await seedOrderOf(client.id, 3);
    const calls = await botChat(t.db, t.clock, 9102).send("/order");
    expect(String(calls[0]?.payload.text)).toMatch(/^Ваш заказ на 20\.11\.2026:\n1\. /);
    expect(buttonsOf(calls[0]).map((b) => b.text)).toEqual([
      "✏️ 1. Изменить",
      "🗑 1. Удалить",
      "✏️ 2. Изменить",
      "🗑 2. Удалить",
      "✏️ 3. Изменить",
      "🗑 3. Удалить",
      "Каталог",
    ]);
  });

  it("names long beyond any real catalogue still give pages that fit, with fewer positions each", async () => {
    const client = await seedClient(t.db, { telegramId: 9103, allowedPrice: true });
    const order = await seedOrderOf(client.id, 30);
    // Positions named at 900 characters, the fifth at 5,000, over a page alone: no catalogue names one so
    // (brand, product and modification are 200 each), the pages must hold them all the same.
    for (const [i, p] of order.positions.entries())
      await t.db
        .update(orderPositions)
        .set({ modificationName: `${"Очень длинное название ".repeat(i === 4 ? 220 : 40)}${p.id}` })
        .where(eq(orderPositions.id, p.id));
    const chat = botChat(t.db, t.clock, 9103);
    let calls = await chat.send("Мой заказ");
    const lines = new Set<number>();
    const cutShort: string[] = [];
    for (;;) {
      expectWithinLimits(calls);
      expect(chat.errors).toEqual([]);
      const text = String(shown(calls)?.payload.text);
      for (const [, n] of text.matchAll(/^(\d+)\. /gm)) lines.add(Number(n));
      // The one over a page alone is cut short, with «…».
      cutShort.push(...[...text.matchAll(/^5\. Очень длинное[^\n]*…$/gm)].map((m) => m[0]));
      if (!buttonsOf(shown(calls)).some((b) => b.text === "›")) break;
      calls = await chat.press(button(calls, "›"), 700);
    }
    expect(lines.size).toBe(30);
    expect(cutShort.length).toBe(1);
  });
});

describe("«Список отправлен» of a long list", () => {
  it("goes as several messages split at line boundaries, every line in order", async () => {
    const results: TPreparedListSent["results"] = Array.from({ length: 100 }, (_, i) =>
      i % 7 === 3
        ? {
            status: "refused",
            modification: i + 1,
            name: `Вектор Электроникс Сетевое зарядное устройство 20W USB-C белое, модель ${i + 1}`,
            quantity: 10,
            refusal: { code: "out_of_stock", detail: "Столько нет на складе: можно заказать меньше." },
          }
        : {
            status: "added",
            modification: i + 1,
            name: `Вектор Электроникс Сетевое зарядное устройство 20W USB-C белое, модель ${i + 1}`,
            quantity: 10,
            price: 1234.5,
            currency_sign: "₽",
          },
    ) as TPreparedListSent["results"];
    const text = sentText({ results } as TPreparedListSent);
    expect(text.length).toBeGreaterThan(4096);

    const sent: { text: string; other: unknown }[] = [];
    const ctx = {
      reply: async (part: string, other?: Record<string, unknown>) => {
        const refusal = telegramRefusal("sendMessage", { text: part, ...other });
        if (refusal) throw new Error(refusal);
        sent.push({ text: part, other });
      },
    } as unknown as BotContext;
    await replyInParts(ctx, text);
    expect(sent.length).toBeGreaterThan(1);
    for (const part of sent) expect(part.text.length).toBeLessThanOrEqual(4096);
    expect(sent[0]?.text).toMatch(/^Список отправлен:\n\n✔ /);
    const lines = sent.flatMap((p) => p.text.split("\n")).filter((l) => l !== "");
    expect(lines).toEqual(text.split("\n").filter((l) => l !== ""));
  });
});

describe("lists a client chooses from", () => {
  it("search results of one product under eight brands name each brand: no two buttons read alike", async () => {
    const brands = ["Anker", "Baseus", "Ugreen", "Hoco", "Borofone", "Xiaomi", "Samsung", "Вектор"];
    for (const name of brands) {
      const brandId = (await seedBrand(t.db, { name })).id;
      const productId = (await seedProduct(t.db, { brandId, name: "Сетевое зарядное" })).id;
      await seedModification(t.db, {
        productId,
        name: "20W белое",
        tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 500, largeWholesale: 450 }],
      });
    }
    await seedClient(t.db, { telegramId: 9201, allowedPrice: true });
    const calls = await botChat(t.db, t.clock, 9201).send("20W белое");
    expectWithinLimits(calls);
    const labels = buttonsOf(calls[0])
      .map((b) => b.text)
      .filter((text) => text.startsWith("🟢"));
    expect(labels).toHaveLength(8);
    expect(new Set(labels).size).toBe(8);
    for (const brand of brands) expect(labels).toContain(`🟢 ${brand} Сетевое зарядное 20W белое`);
  });

  it("names that still read alike on one screen are told apart by their catalogue number", async () => {
    const brandId = (await seedBrand(t.db, { name: "Apple" })).id;
    const iphone = await seedProduct(t.db, { brandId, name: "iPhone" });
    const appleIphone = await seedProduct(t.db, { brandId, name: "Apple iPhone" });
    const tiers = [{ currencyId: rub, quantityFrom: 1, smallWholesale: 500, largeWholesale: 450 }];
    const a = await seedModification(t.db, { productId: iphone.id, name: "Чехол 15", tiers });
    const b = await seedModification(t.db, { productId: appleIphone.id, name: "Чехол 15", tiers });
    const spaced = await seedModification(t.db, { productId: iphone.id, name: "Чехол  15 ", tiers });
    await seedClient(t.db, { telegramId: 9202, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9202);
    let calls = await chat.send("Чехол");
    expect(
      buttonsOf(calls[0])
        .map((x) => x.text)
        .filter((x) => x.startsWith("🟢")),
    ).toEqual(
      expect.arrayContaining([
        `🟢 Apple iPhone Чехол 15 · №${a.id}`,
        `🟢 Apple iPhone Чехол 15 · №${b.id}`,
        `🟢 Apple iPhone Чехол  15 · №${spaced.id}`,
      ]),
    );
    // Within a product, a modification named as another but for its spacing.
    calls = await chat.press(catalogueFamilies.modificationsData.pack({ productId: iphone.id, page: 1 }));
    expect(buttonsOf(calls[1]).map((x) => x.text)).toEqual([
      `🟢 Чехол  15  · №${spaced.id}`,
      `🟢 Чехол 15 · №${a.id}`,
      "« Назад",
    ]);
  });
});

describe("a card at the catalogue's extremes", () => {
  it("100 tiers in each list, 10,000 characters of specifications and a long addition still fit one message", async () => {
    const brandId = (await seedBrand(t.db, { name: "Ёмкий" })).id;
    const productId = (await seedProduct(t.db, { brandId, name: "Аккумулятор" })).id;
    const mod = await seedModification(t.db, {
      productId,
      name: "20000 мА·ч",
      quantity: 1_000_000,
      specifications: `Ёмкость 20000 мА·ч, ${"выход USB-C 65 Вт, ".repeat(500)}конец`,
      tiers: Array.from({ length: 100 }, (_, i) => ({
        currencyId: rub,
        quantityFrom: 1 + i * 1000,
        smallWholesale: 99_999_999.99 - i,
        largeWholesale: 88_888_888.88 - i,
      })),
    });
    await t.db.insert(additions).values({
      modificationId: mod.id,
      description: "Кабель в комплекте. ".repeat(100),
      smallWholesale: 50,
      largeWholesale: 40,
    });
    await seedClient(t.db, { telegramId: 9301, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9301);
    let calls = await chat.press(
      catalogueFamilies.cardData.pack({ modificationId: mod.id, productId, page: 1 }),
    );
    expectWithinLimits(calls);
    expect(chat.errors).toEqual([]);
    const card = String(shown(calls)?.payload.text);
    // The prices come first; the specifications get the room they leave, cut with «…».
    expect(card).toMatch(/^Ёмкий · Аккумулятор\n20000 мА·ч\nЁмкость 20000 мА·ч,[^\n]*…\n\nМалый опт:\n/);
    expect(card).toMatch(/\nМалый опт:\nот 1 шт — 99\s999\s999,99 ₽\n/);
    expect(card).toContain("🟢 в наличии");
    expect(card).toContain("Дополнительно: Кабель в комплекте.");
    // The confirm screen carries the card and its line under it, within the limit too.
    calls = await chat.press(button(calls, "1 шт"));
    expectWithinLimits(calls);
    expect(String(shown(calls)?.payload.text)).toMatch(
      /Количество: 1 шт × 99\s999\s999,99 ₽ = 99\s999\s999,99 ₽\. Подтвердите заказ\.$/,
    );
    expect(chat.errors).toEqual([]);
    expect(sentTexts(calls).join("")).not.toContain(texts.failure);
  });
});

describe("callback data", () => {
  it("every button family's longest data fits Telegram's 64 bytes", () => {
    const families = { ...catalogueFamilies, ...orderFamilies, ...registrationFamilies };
    expect(Object.keys(families).length).toBeGreaterThan(10);
    // The longest of each family: its prefix and every field at its maximum (defining it checks this too).
    expect(
      orderFamilies.changeConfirmData.pack({
        positionId: ID.max,
        quantity: 100_000,
        price: 99_999_999_999_999,
      }).length,
    ).toBeLessThanOrEqual(64);
    expect(
      catalogueFamilies.addData.pack({
        modificationId: ID.max,
        productId: ID.max,
        quantity: 100_000,
        price: 99_999_999_999_999,
      }),
    ).toHaveLength(45);
    expect(orderFamilies.orderPageData.pack({ page: 100_000 })).toBe("op:100000");
  });

  it("a family whose data could pass 64 bytes is refused where it is defined", () => {
    expect(() => callbackData("too-long", { a: ID, b: ID, c: ID, d: ID, e: ID, f: ID })).toThrow(
      /over Telegram's 64/,
    );
  });
});
