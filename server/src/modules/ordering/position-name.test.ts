import type { TMiniAppSession } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardData } from "../../bot/callback-data/catalogue.ts";
import type { CapturedCall } from "../../bot/capture.ts";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient, seedTransportation } from "../../db/factories/clients.ts";
import { marketSchedules, orderPositions, orders, outboxMessages } from "../../db/schema/index.ts";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../test/app.ts";
import { botChat } from "../../test/bot-chat.ts";
import { launchData } from "../../test/launch-data.ts";
import { readXlsx } from "../../test/xlsx.ts";

// The same product under two brands, as the catalogue has «Кабель Lightning 1 м» under Apple, Defender, Hoco…
let t: TestApp;
let defender: { productId: number; modificationId: number };
let hoco: { productId: number; modificationId: number };
let apple: { productId: number; modificationId: number };
const DEFENDER = "Defender Кабель Lightning 1 м";
const HOCO = "Hoco Кабель Lightning 1 м";

beforeAll(async () => {
  t = await createTestApp();
  const rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  const cable = async (brand: string, product = "Кабель Lightning") => {
    const productId = (
      await seedProduct(t.db, { brandId: (await seedBrand(t.db, { name: brand })).id, name: product })
    ).id;
    const modification = await seedModification(t.db, {
      productId,
      name: "1 м",
      quantity: 100,
      tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 250, largeWholesale: 240 }],
    });
    return { productId, modificationId: modification.id };
  };
  defender = await cable("Defender");
  hoco = await cable("Hoco");
  // A product named with its brand keeps one «Apple».
  apple = await cable("Apple", "Apple Кабель Lightning");
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

const storedNames = async (clientId: number) =>
  (
    await t.db
      .select({ name: orderPositions.modificationName })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(eq(orders.clientId, clientId))
      .orderBy(orderPositions.id)
  ).map((r) => r.name);

const lastText = (calls: CapturedCall[]) =>
  String(
    calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1)?.payload.text ??
      "",
  );
const button = (calls: CapturedCall[], text: string) => {
  const shown = calls.filter((c) => c.method === "sendMessage" || c.method === "editMessageText").at(-1);
  const markup = shown?.payload.reply_markup as {
    inline_keyboard?: { text: string; callback_data: string }[][];
  };
  const found = (markup?.inline_keyboard ?? []).flat().find((b) => b.text === text);
  if (!found) throw new Error(`no button «${text}» in ${JSON.stringify(markup)}`);
  return found.callback_data;
};

describe("a position is named brand, product, modification", () => {
  it("a bot add stores and shows «Brand Product Modification»", async () => {
    const client = await seedClient(t.db, { telegramId: 9301, allowedPrice: true });
    const chat = botChat(t.db, t.clock, 9301);
    for (const { productId, modificationId } of [defender, apple]) {
      let calls = await chat.press(cardData.pack({ modificationId, productId, page: 1 }));
      calls = await chat.press(button(calls, "1 шт"));
      calls = await chat.press(button(calls, "✅ Подтвердить"));
      expect(lastText(calls)).toContain("Добавлено в заказ.");
    }
    expect(await storedNames(client.id)).toEqual([DEFENDER, "Apple Кабель Lightning 1 м"]);
    const order = lastText(await chat.send("Мой заказ"));
    expect(order).toContain(`1. ${DEFENDER} — 1 шт`);
    expect(order).toContain("2. Apple Кабель Lightning 1 м — 1 шт");
  });

  it("a Mini App add stores it, answers it and every staff reader shows it", async () => {
    const transportation = await seedTransportation(t.db, { name: "Север" });
    const client = await seedClient(t.db, {
      telegramId: 9302,
      allowedPrice: true,
      transportationId: transportation.id,
    });
    const session = (
      await t.app.inject({
        method: "POST",
        url: "/api/app/session/",
        payload: { init_data: launchData(9302, { botToken: TEST_BOT_TOKEN, authDate: t.clock.now() }) },
      })
    ).json() as TMiniAppSession;
    if (session.status !== "client") throw new Error("no Mini App session");
    const call = (options: InjectOptions) =>
      t.app.inject({ ...options, headers: { authorization: `Bearer ${session.token}` } });

    const added = [];
    for (const { modificationId } of [hoco, defender]) {
      const res = await call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification: modificationId, quantity: 7, price_kopecks: 25000 },
      });
      expect(res.statusCode).toBe(201);
      added.push(res.json().position.name);
    }
    // «Добавлено: …» and «Мой заказ» read the position's `name`.
    expect(added).toEqual([HOCO, DEFENDER]);
    const mine = (await call({ method: "GET", url: "/api/app/order/" })).json();
    expect(mine.positions.map((p: { name: string }) => p.name)).toEqual([HOCO, DEFENDER]);
    expect(await storedNames(client.id)).toEqual([HOCO, DEFENDER]);

    // Online orders, then «Сборка» and its picking list once sent to collect.
    const list = (await t.call("office", { method: "GET", url: "/api/sales/orders/" })).json();
    const order = list.results.find((o: { owner: number }) => o.owner === client.id);
    expect(order.positions.map((p: { modification_name: string }) => p.modification_name)).toEqual([
      HOCO,
      DEFENDER,
    ]);
    const sent = await t.call("office", {
      method: "POST",
      url: "/api/sales/send-to-collect/",
      payload: { type: "order", order_id: order.id },
    });
    expect(sent.statusCode).toBe(200);
    const collection = JSON.stringify(
      (await t.call("storehouse", { method: "GET", url: "/api/sales/collection/" })).json(),
    );
    expect(collection).toContain(HOCO);
    expect(collection).toContain(DEFENDER);
    const picking = await t.call("storehouse", {
      method: "GET",
      url: `/api/sales/collection/picking-list/?transportation=${transportation.id}`,
    });
    const sheet = (await readXlsx(picking.rawPayload)).getWorksheet("Сборка");
    expect([sheet?.getRow(2).getCell(3).value, sheet?.getRow(3).getCell(3).value]).toEqual([HOCO, DEFENDER]);

    // The order text sent to the client through the outbox.
    await t.call("seller", {
      method: "POST",
      url: "/api/sales/send-orders/",
      payload: { telegram_id: 9302 },
    });
    const queued = await t.db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.clientId, client.id));
    // The summary lists the positions; the notice that the order went to collect only counts them.
    const summary = queued.map((m) => m.text).find((text) => text.includes("\n1. "));
    // It reads as «Мой заказ» does (orderText): the full name, then the quantity and its price.
    expect(summary).toContain(`1. ${HOCO} — 7 шт × `);
    expect(summary).toContain(`2. ${DEFENDER} — 7 шт × `);
  });
});
