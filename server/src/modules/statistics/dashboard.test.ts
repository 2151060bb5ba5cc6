import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { CLIENT_TYPE_SMALL, claims, marketSchedules, registrationRequests } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;

beforeAll(async () => {
  // 00:30 on Saturday the 21st in Moscow, still the 20th in UTC: the dashboard's "today" is Moscow's.
  t = await createTestApp({ now: "2026-11-20T21:30:00Z" });
  const rub = await seedCurrency(t.db, { sign: "₽" });
  const product = await seedProduct(t.db, { brandId: (await seedBrand(t.db, { name: "Apple" })).id });
  const m = await seedModification(t.db, { productId: product.id, quantity: 1, quantityOnStart: 100 });
  const a = await seedClient(t.db);
  const b = await seedClient(t.db);
  const order = (clientId: number, openedOn: string, status: "added" | "sent_to_collect" | "collected") =>
    seedOrder(t.db, {
      clientId,
      clientType: CLIENT_TYPE_SMALL,
      openedOn,
      positions: [{ modificationId: m.id, currencyId: rub.id, price: 100, quantity: 2, status }],
    });
  await order(a.id, "2026-11-21", "added");
  await order(b.id, "2026-11-21", "sent_to_collect");
  await order(a.id, "2026-11-14", "collected");
  await order(a.id, "2026-11-20", "collected");
  await t.db.insert(registrationRequests).values({ clientId: b.id });
  await t.db.insert(claims).values([
    { clientId: a.id, text: "Не пришёл товар" },
    { clientId: b.id, text: "ok", status: "reviewed" },
  ]);
});
afterAll(() => t.close());

describe("dashboard", () => {
  it("today (Moscow) against the same weekday last week, positions to send and collect, requests, claims", async () => {
    const res = await t.call("office", { method: "GET", url: "/api/dashboard/" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      market: { is_open: false },
      day: "2026-11-21",
      compare_day: "2026-11-14",
      positions: { to_send: 1, to_collect: 1 },
      registration_requests: 1,
      open_claims: 1,
    });
    expect(body.sales.today).toEqual({ orders: 2, clients: 2, totals: [{ total: 400, currency_sign: "₽" }] });
    expect(body.sales.week_ago).toEqual({
      orders: 1,
      clients: 1,
      totals: [{ total: 200, currency_sign: "₽" }],
    });
    expect(body.sales.last_30_days).toHaveLength(30);
    expect(body.sales.last_30_days.at(-1)).toEqual({
      date: "2026-11-21",
      totals: [{ total: 400, currency_sign: "₽" }],
    });
    expect(body.sales.last_30_days.at(-2)).toEqual({
      date: "2026-11-20",
      totals: [{ total: 200, currency_sign: "₽" }],
    });
    expect(body.sales.top_brands).toEqual([
      { name: "Apple", quantity: 4, totals: [{ total: 400, currency_sign: "₽" }] },
    ]);
    expect(body.sales.low_stock).toBe(1);
  });

  it("each role gets only the parts it may open", async () => {
    const storehouse = (await t.call("storehouse", { method: "GET", url: "/api/dashboard/" })).json();
    expect(Object.keys(storehouse).sort()).toEqual(["compare_day", "day", "positions"]);
    const seller = (await t.call("seller", { method: "GET", url: "/api/dashboard/" })).json();
    expect(Object.keys(seller).sort()).toEqual([
      "compare_day",
      "day",
      "open_claims",
      "positions",
      "registration_requests",
      "sales",
    ]);
    expect((await t.call(null, { method: "GET", url: "/api/dashboard/" })).statusCode).toBe(401);
  });

  it("shows the market's state to the roles that manage it, by the market's own decision", async () => {
    const market = async () =>
      (await t.call("office", { method: "GET", url: "/api/dashboard/" })).json().market;
    expect(await market()).toEqual({ is_open: false, active_schedules: [], message: "Маркет закрыт" });
    await t.db.insert(marketSchedules).values({ name: "Основное", isManuallyOpened: true });
    expect(await market()).toEqual({
      is_open: true,
      active_schedules: ["Основное"],
      message: "Маркет открыт",
    });
  });
});
