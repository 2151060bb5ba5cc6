import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient, seedGroup, seedTransportation } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { clients, outboxMessages } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { ORDERS_SUMMARY_KIND } from "./send-orders-service.ts";

// 23:30 UTC on the 20th is already the 21st in Moscow: "today" is the Moscow day.
const NOW = "2026-11-20T23:30:00Z";
const TODAY = "2026-11-21";

let t: TestApp;
const ids = { group: 0, direction: 0, buyer: 0 };
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const rub = await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  const usd = await seedCurrency(t.db, { name: "Доллар", sign: "$" });
  const modification = await seedModification(t.db, { name: "Чехол" });
  const group = await seedGroup(t.db);
  const direction = await seedTransportation(t.db);
  ids.group = group.id;
  ids.direction = direction.id;
  const buyer = await seedClient(t.db, {
    groupId: group.id,
    transportationId: direction.id,
    telegramId: 111,
    allowedPrice: true,
  });
  const idle = await seedClient(t.db, { groupId: group.id, telegramId: 222 });
  const offline = await seedClient(t.db, { groupId: group.id, telegramId: null, offline: true });
  ids.buyer = buyer.id;
  const position = { modificationId: modification.id, modificationName: "Чехол синий" };
  await seedOrder(t.db, {
    clientId: buyer.id,
    clientType: 3,
    openedOn: TODAY,
    positions: [
      { ...position, currencyId: rub.id, price: 150.5, quantity: 2 },
      { ...position, modificationName: "Кабель", currencyId: usd.id, price: 3, quantity: 10 },
      { ...position, modificationName: "Стикер", currencyId: rub.id, price: 0.1, quantity: 3 },
    ],
  });
  // Yesterday's order is not current.
  await seedOrder(t.db, {
    clientId: idle.id,
    clientType: 3,
    openedOn: "2026-11-20",
    positions: [{ ...position, currencyId: rub.id }],
  });
  await seedOrder(t.db, {
    clientId: offline.id,
    clientType: 3,
    openedOn: TODAY,
    positions: [{ ...position, currencyId: rub.id }],
  });
});
afterAll(() => t.close());

const send = (payload: unknown, role: "seller" | "storehouse" = "seller") =>
  t.call(role, { method: "POST", url: "/api/sales/send-orders/", payload: payload as object });

describe("POST /api/sales/send-orders/", () => {
  it("queues one summary per group client with a chat and orders today; the rest are skipped", async () => {
    const res = await send({ group_id: ids.group });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: 1, skipped: 2 });
    const rows = await t.db.select().from(outboxMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientId: ids.buyer,
      chatId: 111,
      kind: ORDERS_SUMMARY_KIND,
      status: "pending",
    });
    expect(rows[0]?.text).toBe(
      [
        // «Мой заказ»'s own text; the sum of 0,10 ₽ × 3 and 301 ₽ is added in kopecks.
        "Ваш заказ на 21.11.2026:",
        "1. Чехол синий — 2 шт × 150,50 ₽ = 301 ₽ · Добавлен",
        "2. Кабель — 10 шт × 3 $ = 30 $ · Добавлен",
        "3. Стикер — 3 шт × 0,10 ₽ = 0,30 ₽ · Добавлен",
        "",
        "Итого: 301,30 ₽, 30 $",
      ].join("\n"),
    );
    await t.db.delete(outboxMessages);
  });

  it("lists quantities only to a client who may not see prices", async () => {
    await t.db.update(clients).set({ allowedPrice: false }).where(eq(clients.id, ids.buyer));
    try {
      expect((await send({ telegram_id: 111 })).json()).toEqual({ queued: 1, skipped: 0 });
      const [row] = await t.db.select().from(outboxMessages);
      expect(row?.text).toBe(
        [
          "Ваш заказ на 21.11.2026:",
          "1. Чехол синий — 2 шт · Добавлен",
          "2. Кабель — 10 шт · Добавлен",
          "3. Стикер — 3 шт · Добавлен",
        ].join("\n"),
      );
    } finally {
      await t.db.update(clients).set({ allowedPrice: true }).where(eq(clients.id, ids.buyer));
      await t.db.delete(outboxMessages);
    }
  });

  it("targets one client by telegram_id, or a direction", async () => {
    expect((await send({ telegram_id: 111 })).json()).toEqual({ queued: 1, skipped: 0 });
    expect((await send({ telegram_id: 222 })).json()).toEqual({ queued: 0, skipped: 1 });
    expect((await send({ transportation_id: ids.direction })).json()).toEqual({ queued: 1, skipped: 0 });
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.chatId, 111))).toHaveLength(2);
  });

  it.each([
    ["nothing", {}],
    ["two targets", { group_id: 1, transportation_id: 1 }],
    ["a string id", { group_id: "1" }],
    ["a negative id", { group_id: -1 }],
  ])("refuses %s with 400", async (_case, payload) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toBeDefined();
  });

  it.each([
    [{ telegram_id: 999 }, "Клиент не найден"],
    [{ group_id: 999999 }, "Группа не найдена"],
    [{ transportation_id: 999999 }, "Направление не найдено"],
  ])("answers 404 for an unknown target %o", async (payload, detail) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(detail);
  });

  it("needs orders.notify", async () => {
    expect((await send({ telegram_id: 111 }, "storehouse")).statusCode).toBe(403);
  });
});
