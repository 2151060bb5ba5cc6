import type { TMiniAppSession, TStockWait } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import {
  accessRules,
  clients,
  exclusives,
  marketSchedules,
  modifications,
  stockWaits,
} from "../../db/schema/index.ts";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../test/app.ts";
import { launchData } from "../../test/launch-data.ts";
import { orderingCacheCaughtUp } from "../ordering/index.ts";

let t: TestApp;
let rub: number;
let scheduleId: number;
beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  const [schedule] = await t.db
    .insert(marketSchedules)
    .values({ name: "Основной", isManuallyOpened: true })
    .returning({ id: marketSchedules.id });
  if (!schedule) throw new Error("no schedule");
  scheduleId = schedule.id;
});
afterAll(() => t.close());

const inject = async (options: InjectOptions) => {
  await orderingCacheCaughtUp(t.db);
  return t.app.inject(options);
};

async function clientWithToken(values: Parameters<typeof seedClient>[1] = {}) {
  const client = await seedClient(t.db, { allowedPrice: true, ...values });
  const res = await inject({
    method: "POST",
    url: "/api/app/session/",
    payload: {
      init_data: launchData(client.telegramId ?? 0, { botToken: TEST_BOT_TOKEN, authDate: t.clock.now() }),
    },
  });
  const body = res.json() as TMiniAppSession;
  if (body.status !== "client") throw new Error(`no session: ${res.body}`);
  return { client, call: caller(body.token) };
}

const caller = (token: string) => (options: InjectOptions) =>
  inject({ ...options, headers: { authorization: `Bearer ${token}` } });

type Call = ReturnType<typeof caller>;
const ask = (call: Call, modification: number) =>
  call({ method: "POST", url: "/api/app/waits/", payload: { modification } });
const list = async (call: Call) =>
  ((await call({ method: "GET", url: "/api/app/waits/" })).json() as { results: TStockWait[] }).results;

const soldOut = (values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(t.db, {
    quantity: 0,
    ...values,
    tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 }],
  });

describe("asking to hear when a modification is back", () => {
  it("is taken for a sold-out item, listed, answered «already» the second time, for 14 days", async () => {
    const { call } = await clientWithToken();
    const brand = await seedBrand(t.db, { name: "Apple" });
    const product = await seedProduct(t.db, { brandId: brand.id, name: "Кабель" });
    const mod = await soldOut({ productId: product.id, name: "Lightning 1 м" });

    const first = await ask(call, mod.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      already: false,
      detail: "Сообщим, когда товар появится. Товар не резервируется; ожидание действует 14 дней.",
      wait: { modification: mod.id, name: "Apple Кабель Lightning 1 м", stock: "none" },
    });
    const wait = first.json().wait as TStockWait;
    expect(new Date(wait.expires_at).getTime() - new Date(wait.created_at).getTime()).toBe(14 * 86_400_000);

    const second = await ask(call, mod.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      already: true,
      detail: "Вы уже ждёте этот товар. Отменить ожидание можно в «Мои ожидания».",
      wait: { id: wait.id },
    });
    expect(await list(call)).toEqual([wait]);
  });

  it("refuses an item in stock for the client (409) and one they do not see (404, as its card)", async () => {
    const { client, call } = await clientWithToken();
    const inStock = await soldOut({ quantity: 5 });
    const refused = await ask(call, inStock.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: "Товар в наличии — его можно заказать.",
      code: "in_stock",
    });

    const banned = await seedBrand(t.db, { name: "Запретный для ожиданий" });
    const hidden = await soldOut({ productId: (await seedProduct(t.db, { brandId: banned.id })).id });
    await t.db
      .update(accessRules)
      .set({ bannedBrands: [banned.name] })
      .where(eq(accessRules.clientId, client.id));
    const notSeen = await ask(call, hidden.id);
    expect(notSeen.statusCode).toBe(404);
    expect(notSeen.json().detail).toBe("Товар не найден.");
    expect((await ask(call, 999_999)).statusCode).toBe(404);
    expect((await ask(call, hidden.id)).statusCode).toBe(404);
    expect(await list(call)).toEqual([]);
  });

  it("takes a wait for an item with stock the client cannot get: an exclusive one whose pool is empty", async () => {
    const { call } = await clientWithToken();
    const mod = await soldOut({ quantity: 50, exclusive: true });
    await t.db.insert(exclusives).values({ modificationId: mod.id, quantity: 0, ratio: 0 });
    const asked = await ask(call, mod.id);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().wait.stock).toBe("in_stock");
  });

  it("is taken while the market is closed; refused to a client banned since their token", async () => {
    const { client, call } = await clientWithToken();
    const mod = await soldOut();
    await t.db
      .update(marketSchedules)
      .set({ isManuallyOpened: false })
      .where(eq(marketSchedules.id, scheduleId));
    try {
      expect((await ask(call, mod.id)).statusCode).toBe(201);
    } finally {
      await t.db
        .update(marketSchedules)
        .set({ isManuallyOpened: true })
        .where(eq(marketSchedules.id, scheduleId));
    }
    await t.db.update(clients).set({ banned: true }).where(eq(clients.id, client.id));
    const refused = await ask(call, mod.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Вы не можете делать заказы. Обратитесь к менеджеру.");
    expect((await call({ method: "GET", url: "/api/app/waits/" })).statusCode).toBe(403);
  });
});

describe("cancelling and running out", () => {
  it("a cancelled wait leaves the list; another client's wait is not found; asking again starts a new one", async () => {
    const { call } = await clientWithToken();
    const other = await clientWithToken();
    const mod = await soldOut();
    const wait = (await ask(call, mod.id)).json().wait as TStockWait;

    const foreign = await other.call({ method: "DELETE", url: `/api/app/waits/${wait.id}/` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe("Ожидание не найдено.");
    expect(await list(call)).toHaveLength(1);

    const cancelled = await call({ method: "DELETE", url: `/api/app/waits/${wait.id}/` });
    expect(cancelled.statusCode).toBe(204);
    expect(cancelled.body).toBe("");
    expect(await list(call)).toEqual([]);
    expect((await call({ method: "DELETE", url: `/api/app/waits/${wait.id}/` })).statusCode).toBe(204);
    const [row] = await t.db.select().from(stockWaits).where(eq(stockWaits.id, wait.id));
    expect(row).toMatchObject({ state: "cancelled" });
    expect(row?.cancelledAt).toBeInstanceOf(Date);

    const again = await ask(call, mod.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().wait.id).not.toBe(wait.id);
  });

  it("a wait past its 14 days is not listed, and asking again starts it afresh", async () => {
    const { call } = await clientWithToken();
    const mod = await soldOut();
    const wait = (await ask(call, mod.id)).json().wait as TStockWait;
    await t.db
      .update(stockWaits)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(stockWaits.id, wait.id));
    expect(await list(call)).toEqual([]);
    const again = await ask(call, mod.id);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ already: false, wait: { id: wait.id } });
    expect(new Date(again.json().wait.expires_at).getTime()).toBe(t.clock.now().getTime() + 14 * 86_400_000);
  });
});

describe("a staff preview's dry run", () => {
  it("answers the ask and the cancel as the client's would, and keeps nothing", async () => {
    const client = await seedClient(t.db, { allowedPrice: true });
    const mod = await soldOut();
    const opened = await t.call("office", {
      method: "POST",
      url: "/api/bot/preview/miniapp/",
      payload: { client: client.id, dry_run: true },
    });
    const dry = opened.json() as TMiniAppSession;
    if (dry.status !== "client") throw new Error(opened.body);
    const call = caller(dry.token);
    const asked = await ask(call, mod.id);
    expect(asked.statusCode).toBe(201);
    expect(await list(call)).toEqual([]);
    const rows = await t.db.select().from(stockWaits).where(eq(stockWaits.clientId, client.id));
    expect(rows).toEqual([]);
    const stock = await t.db
      .select({ q: modifications.quantity })
      .from(modifications)
      .where(eq(modifications.id, mod.id));
    expect(stock).toEqual([{ q: 0 }]);
  });
});
