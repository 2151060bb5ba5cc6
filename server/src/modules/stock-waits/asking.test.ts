import type { TMiniAppSession, TStockWait } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { accessRules, clients, exclusives, modifications, stockWaits } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { waitsFixture } from "../../test/stock-waits.ts";

let t: TestApp;
let f: Awaited<ReturnType<typeof waitsFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await waitsFixture(t);
});
afterAll(() => t.close());

describe("asking to hear when a modification is back", () => {
  it("is taken for a sold-out item, listed, answered «already» the second time, for 14 days", async () => {
    const { call } = await f.clientWithToken();
    const brand = await seedBrand(t.db, { name: "Apple" });
    const product = await seedProduct(t.db, { brandId: brand.id, name: "Кабель" });
    const mod = await f.soldOut({ productId: product.id, name: "Lightning 1 м" });

    const first = await f.ask(call, mod.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      already: false,
      detail: "Сообщим, когда товар появится. Товар не резервируется; ожидание действует 14 дней.",
      wait: { modification: mod.id, name: "Apple Кабель Lightning 1 м", stock: "none" },
    });
    const wait = first.json().wait as TStockWait;
    expect(new Date(wait.expires_at).getTime() - new Date(wait.created_at).getTime()).toBe(14 * 86_400_000);

    const second = await f.ask(call, mod.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      already: true,
      detail: "Вы уже ждёте этот товар. Отменить ожидание можно в «Мои ожидания».",
      wait: { id: wait.id },
    });
    expect(await f.list(call)).toEqual([wait]);
  });

  it("refuses an item in stock for the client (409) and one they do not see (404, as its card)", async () => {
    const { client, call } = await f.clientWithToken();
    const inStock = await f.soldOut({ quantity: 5 });
    const refused = await f.ask(call, inStock.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: "Товар в наличии — его можно заказать.",
      code: "in_stock",
    });

    const banned = await seedBrand(t.db, { name: "Запретный для ожиданий" });
    const hidden = await f.soldOut({ productId: (await seedProduct(t.db, { brandId: banned.id })).id });
    await t.db
      .update(accessRules)
      .set({ bannedBrands: [banned.name] })
      .where(eq(accessRules.clientId, client.id));
    const notSeen = await f.ask(call, hidden.id);
    expect(notSeen.statusCode).toBe(404);
    expect(notSeen.json().detail).toBe("Товар не найден.");
    expect((await f.ask(call, 999_999)).statusCode).toBe(404);
    expect((await f.ask(call, hidden.id)).statusCode).toBe(404);
    expect(await f.list(call)).toEqual([]);
  });

  it("takes a wait for an item with stock the client cannot get: an exclusive one whose pool is empty", async () => {
    const { call } = await f.clientWithToken();
    const mod = await f.soldOut({ quantity: 50, exclusive: true });
    await t.db.insert(exclusives).values({ modificationId: mod.id, quantity: 0, ratio: 0 });
    const asked = await f.ask(call, mod.id);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().wait.stock).toBe("in_stock");
  });

  it("is taken while the market is closed; refused to a client banned since their token", async () => {
    const { client, call } = await f.clientWithToken();
    const mod = await f.soldOut();
    await f.setMarketOpen(false);
    try {
      expect((await f.ask(call, mod.id)).statusCode).toBe(201);
    } finally {
      await f.setMarketOpen(true);
    }
    await t.db.update(clients).set({ banned: true }).where(eq(clients.id, client.id));
    const refused = await f.ask(call, mod.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Вы не можете делать заказы. Обратитесь к менеджеру.");
    expect((await call({ method: "GET", url: "/api/app/waits/" })).statusCode).toBe(403);
  });
});

describe("cancelling and running out", () => {
  it("a cancelled wait leaves the list; another client's wait is not found; asking again starts a new one", async () => {
    const { call } = await f.clientWithToken();
    const other = await f.clientWithToken();
    const mod = await f.soldOut();
    const wait = (await f.ask(call, mod.id)).json().wait as TStockWait;

    const foreign = await other.call({ method: "DELETE", url: `/api/app/waits/${wait.id}/` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe("Ожидание не найдено.");
    expect(await f.list(call)).toHaveLength(1);

    const cancelled = await call({ method: "DELETE", url: `/api/app/waits/${wait.id}/` });
    expect(cancelled.statusCode).toBe(204);
    expect(cancelled.body).toBe("");
    expect(await f.list(call)).toEqual([]);
    expect((await call({ method: "DELETE", url: `/api/app/waits/${wait.id}/` })).statusCode).toBe(204);
    const [row] = await t.db.select().from(stockWaits).where(eq(stockWaits.id, wait.id));
    expect(row).toMatchObject({ state: "cancelled" });
    expect(row?.cancelledAt).toBeInstanceOf(Date);

    const again = await f.ask(call, mod.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().wait.id).not.toBe(wait.id);
  });

  it("a wait past its 14 days is not listed, and asking again starts it afresh", async () => {
    const { call } = await f.clientWithToken();
    const mod = await f.soldOut();
    const wait = (await f.ask(call, mod.id)).json().wait as TStockWait;
    await t.db
      .update(stockWaits)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(stockWaits.id, wait.id));
    expect(await f.list(call)).toEqual([]);
    const again = await f.ask(call, mod.id);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ already: false, wait: { id: wait.id } });
    expect(new Date(again.json().wait.expires_at).getTime()).toBe(t.clock.now().getTime() + 14 * 86_400_000);
  });
});

describe("a staff preview's dry run", () => {
  it("answers the ask and the cancel as the client's would, and keeps nothing", async () => {
    const client = await seedClient(t.db, { allowedPrice: true });
    const mod = await f.soldOut();
    const opened = await t.call("office", {
      method: "POST",
      url: "/api/bot/preview/miniapp/",
      payload: { client: client.id, dry_run: true },
    });
    const dry = opened.json() as TMiniAppSession;
    if (dry.status !== "client") throw new Error(opened.body);
    const call = f.caller(dry.token);
    const asked = await f.ask(call, mod.id);
    expect(asked.statusCode).toBe(201);
    expect(await f.list(call)).toEqual([]);
    const rows = await t.db.select().from(stockWaits).where(eq(stockWaits.clientId, client.id));
    expect(rows).toEqual([]);
    const stock = await t.db
      .select({ q: modifications.quantity })
      .from(modifications)
      .where(eq(modifications.id, mod.id));
    expect(stock).toEqual([{ q: 0 }]);
  });
});
