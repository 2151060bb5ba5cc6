import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  // 22:00 UTC on the 20th is the 21st in Moscow.
  t = await createTestApp({ now: "2026-11-20T22:00:00Z" });
});
afterAll(() => t.close());

describe("GET /api/sales/order-positions/by-modification/{id}/", () => {
  it("sums today's orders per client and per price", async () => {
    const rub = await seedCurrency(t.db, { sign: "₽" });
    const m = await seedModification(t.db);
    const other = await seedModification(t.db);
    const anna = await seedClient(t.db, { nickname: "Анна", telegramUsername: "anna" });
    const boris = await seedClient(t.db, { nickname: "Борис", telegramUsername: null });
    await seedOrder(t.db, {
      clientId: anna.id,
      clientType: 3,
      openedOn: "2026-11-21",
      positions: [
        { modificationId: m.id, currencyId: rub.id, price: 100, quantity: 2 },
        { modificationId: m.id, currencyId: rub.id, price: 100, quantity: 3 },
        { modificationId: m.id, currencyId: rub.id, price: 90, quantity: 10 },
        { modificationId: other.id, currencyId: rub.id, price: 5, quantity: 1 },
      ],
    });
    await seedOrder(t.db, {
      clientId: boris.id,
      clientType: 2,
      openedOn: "2026-11-21",
      positions: [{ modificationId: m.id, currencyId: rub.id, price: 80, quantity: 1 }],
    });
    // Yesterday's order is not today's history.
    await seedOrder(t.db, {
      clientId: boris.id,
      clientType: 2,
      openedOn: "2026-11-20",
      positions: [{ modificationId: m.id, currencyId: rub.id, price: 80, quantity: 50 }],
    });
    const res = await t.call("storehouse", {
      method: "GET",
      url: `/api/sales/order-positions/by-modification/${m.id}/`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        owner: { id: anna.id, nickname: "Анна", telegram_username: "anna" },
        quantity_sum: 15,
        quantity_by_price: [
          { quantity: 10, price: { value: 90, currency_sign: "₽" } },
          { quantity: 5, price: { value: 100, currency_sign: "₽" } },
        ],
      },
      {
        owner: { id: boris.id, nickname: "Борис", telegram_username: null },
        quantity_sum: 1,
        quantity_by_price: [{ quantity: 1, price: { value: 80, currency_sign: "₽" } }],
      },
    ]);
  });

  it("404 for an unknown modification, 400 for a bad id, 401 without a token", async () => {
    expect(
      (await t.call("seller", { method: "GET", url: "/api/sales/order-positions/by-modification/999999/" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call("seller", { method: "GET", url: "/api/sales/order-positions/by-modification/abc/" }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call(null, { method: "GET", url: "/api/sales/order-positions/by-modification/1/" }))
        .statusCode,
    ).toBe(401);
  });
});
