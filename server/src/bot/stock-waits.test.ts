import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { marketSchedules, modifications, stockWaits } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, sentTexts } from "../test/bot-chat.ts";
import { cardData, SEARCH_RESULTS } from "./callback-data/catalogue.ts";
import type { CapturedCall } from "./capture.ts";
import { botCommands } from "./texts.ts";

const ASKED = "Сообщим, когда товар появится. Товар не резервируется; ожидание действует 14 дней.";
const ALREADY = "Вы уже ждёте этот товар. Отменить ожидание можно в «Мои ожидания».";
const NO_WAITS = "Вы ничего не ждёте. На товаре, которого нет в наличии, нажмите «Сообщить о поступлении».";

let t: TestApp;
let rub: number;
let productId: number;
let inStockId: number;
let soldOutId: number;
beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  const brandId = (await seedBrand(t.db, { name: "Anker" })).id;
  productId = (await seedProduct(t.db, { brandId, name: "Сетевое зарядное" })).id;
  const tiers = [{ currencyId: rub, quantityFrom: 1, smallWholesale: 900, largeWholesale: 850 }];
  inStockId = (await seedModification(t.db, { productId, name: "30W чёрный", quantity: 40, tiers })).id;
  // Sold out by staff: below one unit both lists' flags are forced off (catalogue/availability.ts).
  soldOutId = (
    await seedModification(t.db, {
      productId,
      name: "20W белый",
      quantity: 0,
      availableSmallWholesale: false,
      availableLargeWholesale: false,
      tiers,
    })
  ).id;
  await t.db.insert(marketSchedules).values({ name: "Основной", isActive: true, isManuallyOpened: true });
});
afterAll(() => t.close());

type Button = { text: string; callback_data: string };
const shown = (calls: CapturedCall[]) =>
  calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1);
const buttonsOf = (calls: CapturedCall[]) =>
  (
    (shown(calls)?.payload.reply_markup as { inline_keyboard?: Button[][] } | undefined)?.inline_keyboard ??
    []
  ).flat();
const button = (calls: CapturedCall[], text: string) => {
  const found = buttonsOf(calls).find((b) => b.text === text);
  if (!found) throw new Error(`no button «${text}» in ${JSON.stringify(buttonsOf(calls))}`);
  return found.callback_data;
};
const lastText = (calls: CapturedCall[]) => sentTexts(calls).at(-1) ?? "";
const answered = (calls: CapturedCall[]) =>
  calls.find((c) => c.method === "answerCallbackQuery")?.payload as { text?: string; show_alert?: boolean };
const waitsOf = (clientId: number) =>
  t.db
    .select({ id: stockWaits.id, state: stockWaits.state, modificationId: stockWaits.modificationId })
    .from(stockWaits)
    .where(eq(stockWaits.clientId, clientId));

describe("«Сообщить о поступлении» in the bot", () => {
  it("finds a sold-out modification after those in stock, and its card offers to tell when it is back", async () => {
    await seedClient(t.db, { telegramId: 8101, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 8101);
    const found = await chat.send("сетевое");
    expect(buttonsOf(found).map((b) => b.text)).toEqual([
      "🟢 Anker Сетевое зарядное 30W чёрный",
      "🔴 Anker Сетевое зарядное 20W белый",
      "Каталог",
    ]);
    const card = await chat.press(button(found, "🔴 Anker Сетевое зарядное 20W белый"));
    expect(lastText(card)).toContain("🔴 нет в наличии");
    expect(lastText(card)).toContain("от 1 шт — 900 ₽");
    expect(buttonsOf(card).map((b) => b.text)).toEqual(["Сообщить о поступлении", "« Назад"]);

    const inStock = await chat.press(
      cardData.pack({ modificationId: inStockId, productId: SEARCH_RESULTS, page: 1 }),
    );
    expect(buttonsOf(inStock).map((b) => b.text)).not.toContain("Сообщить о поступлении");
  });

  it("asks once; a second tap says it is asked already and offers to cancel; cancelled, it may be asked again", async () => {
    const client = await seedClient(t.db, { telegramId: 8102 });
    const chat = botChat(t.db, t.clock, 8102);
    const card = await chat.press(
      cardData.pack({ modificationId: soldOutId, productId: SEARCH_RESULTS, page: 1 }),
    );
    const ask = button(card, "Сообщить о поступлении");

    const asked = await chat.press(ask);
    expect(answered(asked)).toMatchObject({ text: ASKED });
    expect(lastText(asked)).toMatch(new RegExp(`^✅ ${ASKED}\\n\\nAnker · Сетевое зарядное\\n20W белый`));
    expect(buttonsOf(asked).map((b) => b.text)).toEqual(["Сообщить о поступлении", "« Назад"]);
    expect(await waitsOf(client.id)).toEqual([
      { id: expect.any(Number), state: "pending", modificationId: soldOutId },
    ]);

    const again = await chat.press(ask);
    expect(answered(again)).toMatchObject({ text: ALREADY });
    expect(lastText(again)).toMatch(new RegExp(`^${ALREADY}\\n\\nAnker · Сетевое зарядное`));
    expect(buttonsOf(again).map((b) => b.text)).toEqual(["Отменить ожидание", "« Назад"]);
    expect(await waitsOf(client.id)).toHaveLength(1);

    const cancelled = await chat.press(button(again, "Отменить ожидание"));
    expect(answered(cancelled)).toMatchObject({ text: "Ожидание отменено." });
    expect(lastText(cancelled)).toMatch(/^Ожидание отменено\.\n\nAnker · Сетевое зарядное/);
    expect(buttonsOf(cancelled).map((b) => b.text)).toEqual(["Сообщить о поступлении", "« Назад"]);
    expect((await waitsOf(client.id)).map((w) => w.state)).toEqual(["cancelled"]);

    expect(answered(await chat.press(ask))).toMatchObject({ text: ASKED });
    expect(
      await t.db
        .select({ id: stockWaits.id })
        .from(stockWaits)
        .where(and(eq(stockWaits.clientId, client.id), eq(stockWaits.state, "pending"))),
    ).toHaveLength(1);
  });

  it("refuses to wait for what is in stock: the card is shown to order it", async () => {
    await seedClient(t.db, { telegramId: 8103 });
    const chat = botChat(t.db, t.clock, 8103);
    const card = await chat.press(
      cardData.pack({ modificationId: soldOutId, productId: SEARCH_RESULTS, page: 1 }),
    );
    const ask = button(card, "Сообщить о поступлении");
    // Stock came in between the card and the tap.
    await t.db
      .update(modifications)
      .set({ quantity: 5, availableSmallWholesale: true, availableLargeWholesale: true })
      .where(eq(modifications.id, soldOutId));
    try {
      const refused = await chat.press(ask);
      expect(answered(refused)).toMatchObject({
        text: "Товар в наличии — его можно заказать.",
        show_alert: true,
      });
      expect(lastText(refused)).toContain("🟡 осталось мало");
      expect(buttonsOf(refused).map((b) => b.text)).toContain("1 шт");
    } finally {
      await t.db
        .update(modifications)
        .set({ quantity: 0, availableSmallWholesale: false, availableLargeWholesale: false })
        .where(eq(modifications.id, soldOutId));
    }
  });

  it("/waits lists the waits with the day each ends, pages them, and cancels one in place", async () => {
    const client = await seedClient(t.db, { telegramId: 8104 });
    const chat = botChat(t.db, t.clock, 8104);
    expect(lastText(await chat.send("/waits"))).toBe(NO_WAITS);

    // Twelve sold-out modifications waited for, with long names: two pages of ten, each within one message.
    const more = [];
    for (let i = 1; i <= 11; i++)
      more.push(
        await seedModification(t.db, {
          productId,
          name: `${String(i).padStart(2, "0")} ${"очень длинное название ".repeat(8)}`,
          quantity: 0,
          tiers: [{ currencyId: rub, quantityFrom: 1 }],
        }),
      );
    for (const id of [soldOutId, ...more.map((m) => m.id)]) {
      const card = await chat.press(
        cardData.pack({ modificationId: id, productId: SEARCH_RESULTS, page: 1 }),
      );
      await chat.press(button(card, "Сообщить о поступлении"));
    }
    expect(await waitsOf(client.id)).toHaveLength(12);

    const first = await chat.send("/waits");
    const text = lastText(first);
    expect(text).toMatch(/^Мои ожидания:\n\n1\. .+ — ждём до 04\.12\n/);
    expect(text.split("\n").filter((l) => /^\d+\. /.test(l))).toHaveLength(10);
    expect(buttonsOf(first).map((b) => b.text)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `✖ ${i + 1}. Отменить`),
      "1/2",
      "›",
      "Каталог",
    ]);
    const second = await chat.press(button(first, "›"));
    expect(
      lastText(second)
        .split("\n")
        .filter((l) => /^\d+\. /.test(l)),
    ).toEqual([expect.stringMatching(/^11\. /), expect.stringMatching(/^12\. /)]);
    const afterCancel = await chat.press(button(second, "✖ 12. Отменить"));
    expect(answered(afterCancel)).toMatchObject({ text: "Ожидание отменено." });
    expect(lastText(afterCancel)).toMatch(/^Ожидание отменено\.\n\nМои ожидания:\n\n11\. /);
    expect((await waitsOf(client.id)).filter((w) => w.state === "pending")).toHaveLength(11);
  });

  it("is a command of the bot's menu", () => {
    expect(botCommands).toContainEqual({ command: "waits", description: "Мои ожидания" });
  });
});
