import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { claims, clients, marketSchedules } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat, sentTexts } from "../test/bot-chat.ts";
import { typedQuantityData } from "./callback-data/catalogue.ts";
import { texts } from "./texts.ts";

let t: TestApp;
let modId: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  const rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  const brandId = (await seedBrand(t.db, { name: "Acme" })).id;
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
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

describe("data the client forges", () => {
  it("callback data with a number out of range is refused quietly, with nothing in the log", async () => {
    await seedClient(t.db, { telegramId: 8101, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 8101);
    for (const data of [
      "c:99999999999:1:1",
      "p:99999999999:1",
      "or:99999999999",
      "oc:99999999999",
      `c:${modId}:${productId}:0`,
      `q:${modId}:${productId}:1:-5`,
      `q:${modId}:${productId}:1:0`,
      `a:${modId}:${productId}:9999999`,
      "volume:7",
    ]) {
      const calls = await chat.press(data);
      expect({ data, calls }).toEqual({
        data,
        calls: [expect.objectContaining({ method: "answerCallbackQuery" })],
      });
      expect(calls[0]?.payload.text).toBeUndefined();
    }
    expect(chat.errors).toEqual([]);
  });
});

describe("what the client types", () => {
  it("a typed quantity is checked before the confirm screen and refused at once when it cannot be ordered", async () => {
    await seedClient(t.db, { telegramId: 8301, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 8301);
    await chat.press(typedQuantityData.pack({ modificationId: modId, productId, page: 1 }));
    for (const typed of ["0", "-3", "2.5", "пять"])
      expect(sentTexts(await chat.send(typed))).toEqual([texts.badQuantity]);
    expect(sentTexts(await chat.send("1000000"))[0]).toMatch(
      /^❗ Укажите количество целым числом от 1 до 100000\.\nНапишите другое количество/,
    );
    expect(sentTexts(await chat.send("31"))[0]).toMatch(/^❗ Столько нет на складе: можно заказать меньше\./);
    expect(sentTexts(await chat.send("30"))[0]).toMatch(
      /Количество: 30 шт × 540 ₽ = 16 200 ₽\. Подтвердите заказ\.$/,
    );
    expect(chat.errors).toEqual([]);
  });

  const claimsOf = (clientId: number) => t.db.select().from(claims).where(eq(claims.clientId, clientId));

  it("an unknown command gets the bot's hint, never a search or a claim; in the claim step any command leaves it", async () => {
    const client = await seedClient(t.db, { telegramId: 8201 });
    const chat = botChat(t.db, t.clock, 8201);
    expect(sentTexts(await chat.send("/foo"))).toEqual([texts.unknownCommand]);
    expect(sentTexts(await chat.send("/claim"))).toEqual([texts.askClaim]);
    expect(sentTexts(await chat.send("/foo bar"))).toEqual([texts.unknownCommand]);
    expect(sentTexts(await chat.send("usb"))).toEqual(["Найдено по запросу «usb»:"]);
    expect(await claimsOf(client.id)).toEqual([]);
  });

  it("a newcomer's command is no answer to a registration question", async () => {
    const chat = botChat(t.db, t.clock, 8202);
    await chat.send("/start");
    expect(sentTexts(await chat.send("/foo"))).toEqual([texts.askOrganization]);
    await chat.send("ООО Ромашка");
    const [draft] = await t.db.select().from(clients).where(eq(clients.telegramId, 8202));
    expect(draft).toBeUndefined();
    expect(sentTexts(await chat.send("/help"))).toEqual([texts.askNickname]);
  });

  it("a claim longer than the limit is refused with the limit named, never cut", async () => {
    const client = await seedClient(t.db, { telegramId: 8203 });
    const chat = botChat(t.db, t.clock, 8203);
    await chat.send("/claim");
    expect(sentTexts(await chat.send("ы".repeat(4001)))).toEqual([
      "Претензия слишком длинная: не длиннее 4000 символов. Сократите её и отправьте ещё раз.",
    ]);
    expect(await claimsOf(client.id)).toEqual([]);
    expect(sentTexts(await chat.send("ы".repeat(4000)))).toEqual([texts.claimFiled]);
    expect((await claimsOf(client.id)).map((c) => c.text.length)).toEqual([4000]);
  });
});
