import type { TMarketOpening, TMiniAppSession } from "@wholesale/contract";
import { count, countDistinct, gte, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { orderPositions, orders } from "../../db/schema/index.ts";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../test/app.ts";
import { launchData } from "../../test/launch-data.ts";
import { waitFor } from "../../test/wait.ts";
import { orderingCacheCaughtUp, toKopecks } from "../ordering/index.ts";

let t: TestApp;
let openedAt: string;

const opening = async (role: "office" | "storehouse" | "seller" | "superuser" = "office", query = "") =>
  t.call(role, { method: "GET", url: `/api/statistics/opening/${query}` });

beforeAll(async () => {
  t = await createTestApp({ now: "2026-11-20T06:00:00Z" });
  const schedule = await t.call("office", {
    method: "POST",
    url: "/api/storehouse/market-schedules/",
    payload: { name: "Утро", client_types: [3] },
  });
  expect(schedule.statusCode).toBe(201);
  const opened = await t.call("office", {
    method: "POST",
    url: `/api/storehouse/market-schedules/${schedule.json<{ id: number }>().id}/open_market/`,
    payload: {},
  });
  expect(opened.statusCode).toBe(200);
  openedAt = t.clock.now().toISOString();
});
afterAll(() => t?.close());

describe("«Открытие маркета»", () => {
  it("counts a rush of 100 adds exactly as the tables hold them, with the refusals by reason and what sold out", async () => {
    const rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
    const tiers = [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 }];
    const scarce = await seedModification(t.db, { quantity: 25, tiers });
    const plenty = await seedModification(t.db, { quantity: 1000, tiers });
    await orderingCacheCaughtUp(t.db);

    const answers = new Map<number, number>();
    // Ten clients tap ten times each, two seconds apart (their pace allows it), half on the scarce one.
    const sessions = [];
    for (let i = 0; i < 10; i++) {
      const client = await seedClient(t.db, { allowedPrice: true, clientType: 3 });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/app/session/",
        payload: {
          init_data: launchData(client.telegramId ?? 0, {
            botToken: TEST_BOT_TOKEN,
            authDate: t.clock.now(),
          }),
        },
      });
      const body = res.json<TMiniAppSession>();
      if (body.status !== "client") throw new Error(`no session: ${res.body}`);
      sessions.push(body.token);
    }
    for (let round = 0; round < 10; round++) {
      t.clock.advance(2000);
      for (const token of sessions) {
        const modification = round % 2 === 0 ? scarce : plenty;
        const res = await t.app.inject({
          method: "POST",
          url: "/api/app/positions/",
          headers: { authorization: `Bearer ${token}` },
          payload: { modification: modification.id, quantity: 1, price_kopecks: toKopecks(600) },
        });
        answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
      }
    }
    // Pace refusals: five clients tapping twice within the same second.
    for (const token of sessions.slice(0, 5)) {
      for (let i = 0; i < 12; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/app/positions/",
          headers: { authorization: `Bearer ${token}` },
          payload: { modification: plenty.id, quantity: 1, price_kopecks: toKopecks(600) },
        });
        answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
      }
    }
    const outOfStock = 50 - 25;
    expect(answers.get(409)).toBe(outOfStock);
    const tooFast = answers.get(429) ?? 0;
    expect(tooFast).toBeGreaterThan(0);

    const since = gte(orderPositions.createdAt, new Date(openedAt));
    const [table] = await t.db
      .select({
        positions: count(),
        units: sum(orderPositions.quantity).mapWith(Number),
        orders: countDistinct(orderPositions.orderId),
      })
      .from(orderPositions)
      .where(since);
    const [placed] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(gte(orders.openedAt, new Date(openedAt)));

    // The refusals reach the page within a flush of the instance's count.
    const page = await waitFor("the page's refusals to be the answers'", async () => {
      const res = await opening();
      expect(res.statusCode).toBe(200);
      const body = res.json<TMarketOpening>();
      const r = body.totals.refused;
      return r.stock === outOfStock && r.pace === tooFast ? body : undefined;
    });
    expect(page.opened_at).toBe(openedAt);
    expect(page.totals).toMatchObject({
      positions: table?.positions,
      units: table?.units,
      orders: table?.orders,
      new_orders: placed?.n,
      clients_ordered: 10,
      clients_open_for: 10,
      refused: { stock: outOfStock, limit: 0, pace: tooFast },
      errors: 0,
    });
    expect(page.totals.units).toBe(answers.get(201));
    const sumOf = (key: "positions" | "orders" | "refused") => page.timeline.reduce((a, p) => a + p[key], 0);
    expect(sumOf("positions")).toBe(page.totals.positions);
    expect(sumOf("orders")).toBe(page.totals.new_orders);
    expect(sumOf("refused")).toBe(outOfStock + tooFast);
    expect(page.bucket_seconds).toBe(1);
    // Positions are added through the rounds, two seconds apart: the timeline shows them where they happened.
    expect(page.timeline[2]?.positions).toBeGreaterThan(0);
    expect(page.timeline[1]?.positions).toBe(0);

    const sold = page.selling.find((m) => m.id === scarce.id);
    expect(sold).toMatchObject({ sold: 25, left: 0 });
    expect(sold?.seconds_to_sell_out).toBeGreaterThan(0);
    expect(page.selling.find((m) => m.id === plenty.id)).toMatchObject({
      left: 1000 - (page.totals.units - 25),
      sold_out_at: null,
    });
  });

  it("is for those who run the market; a bad start is refused in Russian", async () => {
    expect((await opening("superuser")).statusCode).toBe(200);
    expect((await opening("storehouse")).statusCode).toBe(403);
    expect((await opening("seller")).statusCode).toBe(403);
    const bad = await opening("office", "?since=вчера");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { since: ["Неверная дата начала"] } });
    const earlier = await opening("office", `?since=${encodeURIComponent("2026-11-20T05:00:00Z")}`);
    // More than ten minutes since: 600 points at most, each a wider bucket.
    const wide = earlier.json<TMarketOpening>();
    expect(wide.bucket_seconds).toBeGreaterThan(1);
    expect(wide.timeline.length).toBeLessThanOrEqual(601);
  });

  it("shows nothing before the market has ever opened", async () => {
    const fresh = await createTestApp();
    try {
      const res = await fresh.call("office", { method: "GET", url: "/api/statistics/opening/" });
      expect(res.json<TMarketOpening>()).toMatchObject({ opened_at: null, timeline: [], selling: [] });
    } finally {
      await fresh.close();
    }
  });
});
