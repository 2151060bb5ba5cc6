import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../db/factories/catalogue.ts";
import { seedClient } from "../db/factories/clients.ts";
import { marketSchedules, modifications, orderPositions, orders } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { botChat } from "../test/bot-chat.ts";
import { cardData, quantityData } from "./callback-data/catalogue.ts";
import type { CapturedCall } from "./capture.ts";

/**
 * A refused add offers its way on in one tap: what a limit of the client's own still allows, added at once at the
 * price the button shows, and «Взять сколько есть» when the stock holds fewer, whose figure the chat names only
 * once it is in the order.
 */
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

/** 100 ₽ from 1 unit, 90 ₽ from 10. */
const priced = (values: Parameters<typeof seedModification>[1]) =>
  seedModification(t.db, {
    productId,
    tiers: [
      { currencyId: rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 100 },
      { currencyId: rub, quantityFrom: 10, smallWholesale: 90, largeWholesale: 90 },
    ],
    ...values,
  });

const shown = (calls: CapturedCall[]) =>
  calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1);
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

const positionsOf = (clientId: number) =>
  t.db
    .select({ quantity: orderPositions.quantity, price: orderPositions.price })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(eq(orders.clientId, clientId));

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
