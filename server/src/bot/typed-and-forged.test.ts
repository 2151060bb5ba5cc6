import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { marketSchedules } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat } from "../test/bot-chat.ts";

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
