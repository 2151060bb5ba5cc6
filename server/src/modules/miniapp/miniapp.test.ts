import type { TMiniAppSession } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import {
  accessRules,
  clients,
  marketSchedules,
  modifications,
  orderPositions,
  registrationRequests,
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

const setMarketOpen = (open: boolean) =>
  t.db.update(marketSchedules).set({ isManuallyOpened: open }).where(eq(marketSchedules.id, scheduleId));

const now = () => t.clock.now();
/** The app's calls act on a rule the test changed a moment before once the app has heard of the change. */
const inject = async (options: InjectOptions) => {
  await orderingCacheCaughtUp(t.db);
  return t.app.inject(options);
};
const session = (initData: string) =>
  inject({ method: "POST", url: "/api/app/session/", payload: { init_data: initData } });

/** A client with a Mini App token (prices shown unless told otherwise). */
async function clientWithToken(values: Parameters<typeof seedClient>[1] = {}) {
  const client = await seedClient(t.db, { allowedPrice: true, ...values });
  const telegramId = client.telegramId ?? 0;
  const res = await session(launchData(telegramId, { botToken: TEST_BOT_TOKEN, authDate: now() }));
  const body = res.json() as TMiniAppSession;
  if (body.status !== "client") throw new Error(`no session: ${res.body}`);
  const call = (options: InjectOptions) =>
    inject({ ...options, headers: { authorization: `Bearer ${body.token}` } });
  return { client, token: body.token, call, session: body };
}

/** 600 ₽ from 1, 540 ₽ from 10. */
const tiered = (values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(t.db, {
    quantity: 100,
    ...values,
    tiers: [
      { currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
      { currencyId: rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
    ],
  });

describe("session from launch data", () => {
  it("valid / tampered / other bot / expired / no user: 200 / 401 / 401 / 401 / 401", async () => {
    const client = await seedClient(t.db, { telegramId: 901_000_001 });
    const valid = launchData(901_000_001, { botToken: TEST_BOT_TOKEN, authDate: now() });
    const ok = await session(valid);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "client", client: { id: client.id }, expires_in: 1800 });

    // Another user's id put into data signed for this one.
    const tampered = valid.replace("901000001", "901000002");
    expect(tampered).not.toBe(valid);
    const other = launchData(901_000_001, { botToken: "654321:another-bots-token", authDate: now() });
    const expired = launchData(901_000_001, {
      botToken: TEST_BOT_TOKEN,
      authDate: new Date(now().getTime() - 24 * 3600_000 - 1000),
    });
    const noUser = launchData(901_000_001, { botToken: TEST_BOT_TOKEN, authDate: now(), user: false });
    for (const [name, data] of Object.entries({ tampered, other, expired, noUser, junk: "hash=zz&x=1" })) {
      const res = await session(data);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().detail, name).toMatch(/Данные запуска Telegram недействительны/);
    }
    // A day old to the second still opens.
    const dayOld = launchData(901_000_001, {
      botToken: TEST_BOT_TOKEN,
      authDate: new Date(now().getTime() - 24 * 3600_000 + 1000),
    });
    expect((await session(dayOld)).statusCode).toBe(200);
  });

  it("tells unknown, waiting, banned and inactive users why there is no catalogue, with no token", async () => {
    const cases: [number, string][] = [[902_000_001, "unknown"]];
    const waiting = await seedClient(t.db, { telegramId: 902_000_002, isActive: false });
    await t.db.insert(registrationRequests).values({ clientId: waiting.id });
    cases.push([902_000_002, "waiting"]);
    await seedClient(t.db, { telegramId: 902_000_003, banned: true });
    cases.push([902_000_003, "not_allowed"]);
    await seedClient(t.db, { telegramId: 902_000_004, isActive: false });
    cases.push([902_000_004, "not_allowed"]);
    for (const [telegramId, reason] of cases) {
      const res = await session(launchData(telegramId, { botToken: TEST_BOT_TOKEN, authDate: now() }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: "not_client", reason });
      expect(res.json().token).toBeUndefined();
    }
  });

  it("a client banned after the session gets no catalogue and no add", async () => {
    const { client, call } = await clientWithToken();
    const mod = await tiered();
    await t.db.update(clients).set({ banned: true }).where(eq(clients.id, client.id));
    const list = await call({ method: "GET", url: "/api/app/catalogue/" });
    expect(list.statusCode).toBe(403);
    const add = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 1, price_kopecks: 60000 },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({ code: "client_not_allowed" });
  });
});

describe("audiences", () => {
  it("a client token opens no staff route, a staff token no Mini App route", async () => {
    const { token } = await clientWithToken();
    for (const url of ["/api/users/whoiam/", "/api/sales/orders/", "/api/profiles/clients/"]) {
      const res = await inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(401);
    }
    const staff = await t.as("superuser");
    for (const url of ["/api/app/order/", "/api/app/catalogue/", "/api/app/market/"]) {
      const res = await t.app.inject({ method: "GET", url, headers: staff.headers });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe("ordering through the Mini App's API", () => {
  it("lists, searches, adds at the confirmed price, changes, deletes; the staff orders list shows it", async () => {
    const { client, call } = await clientWithToken();
    const brand = await seedBrand(t.db, { name: "Мини Бренд" });
    const product = await seedProduct(t.db, { brandId: brand.id, name: "Мини Продукт" });
    const mod = await tiered({ productId: product.id, name: "Уникальная Шестерня" });

    const found = await call({ method: "GET", url: "/api/app/catalogue/?search=шестерн" });
    expect(found.statusCode).toBe(200);
    expect(found.json().items).toEqual([
      expect.objectContaining({
        id: mod.id,
        stock: "in_stock",
        price: 600,
        currency_sign: "₽",
        from_quantity: 1,
      }),
    ]);
    const byBrand = await call({ method: "GET", url: `/api/app/catalogue/?brand=${brand.id}` });
    expect(byBrand.json().items.map((i: { id: number }) => i.id)).toEqual([mod.id]);
    const brands = await call({ method: "GET", url: "/api/app/brands/" });
    expect(brands.json().results).toContainEqual({ id: brand.id, name: "Мини Бренд" });

    const card = await call({ method: "GET", url: `/api/app/modifications/${mod.id}/` });
    expect(card.json()).toMatchObject({ id: mod.id, can_order: true, stock: "in_stock" });
    expect(card.json().quantities).toContain(10);

    const quote = await call({
      method: "POST",
      url: "/api/app/quote/",
      payload: { modification: mod.id, quantity: 3 },
    });
    expect(quote.json()).toEqual({
      quantity: 3,
      price: 600,
      price_kopecks: 60000,
      sum: 1800,
      currency_sign: "₽",
    });

    const add = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 3, price_kopecks: 60000 },
    });
    expect(add.statusCode).toBe(201);
    const positionId = add.json().position.id as number;
    // The add answers what the page shows at once, the position and the totals, not the whole order.
    expect(Object.keys(add.json()).sort()).toEqual(["position", "totals"]);
    expect(add.json().totals).toEqual([{ currency_sign: "₽", amount: 1800 }]);

    const order = await call({ method: "GET", url: "/api/app/order/" });
    expect(order.json().positions).toEqual([
      expect.objectContaining({
        id: positionId,
        quantity: 3,
        status: "added",
        status_label: "Добавлен",
        changeable: true,
      }),
    ]);
    const staffOrders = await t.call("office", {
      method: "GET",
      url: `/api/sales/orders/?search=${encodeURIComponent(client.nickname)}`,
    });
    expect(staffOrders.statusCode).toBe(200);
    expect(staffOrders.json().results.map((o: { id: number }) => o.id)).toContain(order.json().order_id);

    // 12 reaches the 540 ₽ tier: the change carries the price seen for it.
    const stale = await call({
      method: "PUT",
      url: `/api/app/positions/${positionId}/`,
      payload: { quantity: 12, price_kopecks: 60000 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "price_changed",
      quote: { price: 540, price_kopecks: 54000 },
    });
    const changed = await call({
      method: "PUT",
      url: `/api/app/positions/${positionId}/`,
      payload: { quantity: 12, price_kopecks: 54000 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().position).toMatchObject({ quantity: 12, price: 540 });

    const removed = await call({ method: "DELETE", url: `/api/app/positions/${positionId}/` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().positions).toEqual([]);
  });

  it("refuses a price the client did not see, and an add without a price from a client who sees prices", async () => {
    const { call } = await clientWithToken();
    const mod = await tiered();
    const before = await t.db
      .select({ q: modifications.quantity })
      .from(modifications)
      .where(eq(modifications.id, mod.id));
    const wrong = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 2, price_kopecks: 50000 },
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({
      code: "price_changed",
      detail: "Цена изменилась: подтвердите заказ по новой цене.",
      quote: { price: 600, price_kopecks: 60000, quantity: 2 },
    });
    const none = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 2, price_kopecks: null },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: "price_changed", quote: { price_kopecks: 60000 } });
    const after = await t.db
      .select({ q: modifications.quantity })
      .from(modifications)
      .where(eq(modifications.id, mod.id));
    expect(after).toEqual(before);
  });

  it("refuses each rule in the service's words: quantity, stock, hand limit, total limit, banned brand, sent position, closed market", async () => {
    const { client, call } = await clientWithToken();
    const add = (modification: number, quantity: number, price_kopecks: number | null = 60000) =>
      call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification, quantity, price_kopecks },
      });

    const mod = await tiered({ quantity: 5 });
    expect((await add(mod.id, 0)).json()).toMatchObject({ code: "bad_quantity" });
    expect((await add(mod.id, 0)).statusCode).toBe(400);
    const stock = await add(mod.id, 6);
    expect(stock.statusCode).toBe(409);
    expect(stock.json()).toMatchObject({ code: "out_of_stock" });
    expect(stock.json().detail).toMatch(/нет на складе|закончился/);

    const limited = await tiered({ oneHandQuantity: 2 });
    const hand = await add(limited.id, 3);
    expect(hand.json()).toMatchObject({ code: "hand_limit", can_still: 2 });
    expect(hand.json().detail).toContain("В одни руки не больше 2 шт.");

    await t.db.update(accessRules).set({ totalLimit: 1000 }).where(eq(accessRules.clientId, client.id));
    const total = await add((await tiered()).id, 2);
    expect(total.json()).toMatchObject({ code: "total_limit", can_still: 1 });
    await t.db.update(accessRules).set({ totalLimit: null }).where(eq(accessRules.clientId, client.id));

    const hiddenBrand = await seedBrand(t.db, { name: "Запретный" });
    const hidden = await tiered({ productId: (await seedProduct(t.db, { brandId: hiddenBrand.id })).id });
    await t.db
      .update(accessRules)
      .set({ bannedBrands: ["Запретный"] })
      .where(eq(accessRules.clientId, client.id));
    const banned = await add(hidden.id, 1);
    expect(banned.statusCode).toBe(404);
    expect(banned.json()).toMatchObject({ code: "not_found", detail: "Товар не найден." });
    const listed = await call({ method: "GET", url: "/api/app/catalogue/?search=Запретный" });
    expect(listed.json().items).toEqual([]);

    const sent = await add((await tiered()).id, 1);
    expect(sent.statusCode).toBe(201);
    const positionId = sent.json().position.id as number;
    await t.db
      .update(orderPositions)
      .set({ status: "sent_to_collect" })
      .where(eq(orderPositions.id, positionId));
    const change = await call({
      method: "PUT",
      url: `/api/app/positions/${positionId}/`,
      payload: { quantity: 2, price_kopecks: 60000 },
    });
    expect(change.json()).toMatchObject({ code: "not_changeable" });
    const remove = await call({ method: "DELETE", url: `/api/app/positions/${positionId}/` });
    expect(remove.json()).toMatchObject({ code: "not_changeable" });

    await setMarketOpen(false);
    try {
      const closed = await add((await tiered()).id, 1);
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({
        code: "market_closed",
        detail: "Маркет сейчас закрыт: заказы не принимаются.",
      });
      const market = await call({ method: "GET", url: "/api/app/market/" });
      expect(market.json()).toMatchObject({ open: false });
      const list = await call({ method: "GET", url: "/api/app/catalogue/" });
      expect(list.json()).toMatchObject({ items: [], market: { open: false } });
    } finally {
      await setMarketOpen(true);
    }
  });

  it("files a claim and shows the conditions and warranty", async () => {
    const { call } = await clientWithToken();
    const claim = await call({
      method: "POST",
      url: "/api/app/claims/",
      payload: { text: "Пришла не та деталь" },
    });
    expect(claim.statusCode).toBe(201);
    const blank = await call({ method: "POST", url: "/api/app/claims/", payload: { text: "   " } });
    expect(blank.statusCode).toBe(400);
    for (const kind of ["conditions", "warranty"]) {
      const text = await call({ method: "GET", url: `/api/app/texts/${kind}/` });
      expect(text.statusCode).toBe(200);
      expect(text.json().text.length).toBeGreaterThan(0);
    }
  });
});

/** Every key named like money in an answer, with a value that is not null. */
function pricesIn(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pricesIn(v, `${path}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => {
      const here = `${path}.${k}`;
      const money = /price|sum|amount|total/.test(k) && v !== null;
      return [...(money ? [here] : []), ...pricesIn(v, here)];
    });
  return [];
}

/**
 * Every value an answer shows, joined, but ids, times and names: a price hidden under another key or in a text
 * shows up here, while a factory's numbered name («Модификация 540») or a time's milliseconds do not.
 */
function shownText(value: unknown, key = ""): string {
  if (Array.isArray(value)) return value.map((v) => shownText(v, key)).join("\n");
  if (value && typeof value === "object")
    return Object.entries(value)
      .map(([k, v]) => shownText(v, k))
      .join("\n");
  return /(^|_)id$|_at$|name|^(modification|product|brand)$/.test(key) ? "" : String(value);
}

describe("a client without allowed_price", () => {
  it("gets no price in any answer", async () => {
    const { call, session: opened, client } = await clientWithToken({ allowedPrice: false });
    expect(opened.client.sees_prices).toBe(false);
    const brand = await seedBrand(t.db, { name: "Безценовой" });
    const mod = await tiered({
      productId: (await seedProduct(t.db, { brandId: brand.id, name: "Товар без цены" })).id,
      oneHandQuantity: 5,
    });
    await t.db.update(accessRules).set({ totalLimit: 2000 }).where(eq(accessRules.clientId, client.id));
    const answers = [
      await call({ method: "GET", url: "/api/app/catalogue/" }),
      await call({ method: "GET", url: "/api/app/catalogue/?search=без цены" }),
      await call({ method: "GET", url: `/api/app/catalogue/?brand=${brand.id}` }),
      await call({ method: "GET", url: "/api/app/brands/" }),
      await call({ method: "GET", url: `/api/app/modifications/${mod.id}/` }),
      await call({ method: "POST", url: "/api/app/quote/", payload: { modification: mod.id, quantity: 2 } }),
    ];
    const added = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 2, price_kopecks: null },
    });
    expect(added.statusCode).toBe(201);
    const positionId = added.json().position.id as number;
    answers.push(
      added,
      // A price sent anyway is not checked against anything the client could not see.
      await call({
        method: "PUT",
        url: `/api/app/positions/${positionId}/`,
        payload: { quantity: 3, price_kopecks: 1 },
      }),
      await call({ method: "GET", url: "/api/app/order/" }),
      // Refusals: the hand limit, and the total limit whose amount would give the price away.
      await call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification: mod.id, quantity: 9, price_kopecks: null },
      }),
      await call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification: (await tiered()).id, quantity: 4, price_kopecks: null },
      }),
      await call({ method: "DELETE", url: `/api/app/positions/${positionId}/` }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200, 201, 200, 200, 409, 409, 200,
    ]);
    expect(answers[0]?.json().items.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(pricesIn(answer.json()), answer.body).toEqual([]);
      expect(shownText(answer.json()), answer.body).not.toMatch(/600|590|540/);
    }
  });
});

describe("staff opening the Mini App as a client from the bot preview", () => {
  it("a dry run answers as the client would and keeps nothing; without it the changes are the client's", async () => {
    const client = await seedClient(t.db, { allowedPrice: true });
    const mod = await tiered({ quantity: 10 });
    const stock = async () =>
      (
        await t.db
          .select({ q: modifications.quantity })
          .from(modifications)
          .where(eq(modifications.id, mod.id))
      )[0]?.q;

    const seller = await t.call("seller", {
      method: "POST",
      url: "/api/bot/preview/miniapp/",
      payload: { client: client.id, dry_run: true },
    });
    expect(seller.statusCode).toBe(403);
    const opened = await t.call("office", {
      method: "POST",
      url: "/api/bot/preview/miniapp/",
      payload: { client: client.id, dry_run: true },
    });
    expect(opened.statusCode).toBe(200);
    const dry = opened.json() as TMiniAppSession;
    if (dry.status !== "client") throw new Error(opened.body);
    const call = (token: string, options: InjectOptions) =>
      inject({ ...options, headers: { authorization: `Bearer ${token}` } });

    const me = await call(dry.token, { method: "GET", url: "/api/app/me/" });
    expect(me.json()).toMatchObject({ client: { id: client.id }, dry_run: true, market: { open: true } });
    const add = await call(dry.token, {
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 3, price_kopecks: 60000 },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().position).toMatchObject({ quantity: 3 });
    expect(await stock()).toBe(10);
    expect((await call(dry.token, { method: "GET", url: "/api/app/order/" })).json().positions).toEqual([]);
    const claim = await call(dry.token, {
      method: "POST",
      url: "/api/app/claims/",
      payload: { text: "Пробная" },
    });
    expect(claim.statusCode).toBe(201);
    const claims = await t.call("office", { method: "GET", url: "/api/messaging/claims/?limit=100" });
    expect(JSON.stringify(claims.json())).not.toContain("Пробная");

    const real = (
      await t.call("office", {
        method: "POST",
        url: "/api/bot/preview/miniapp/",
        payload: { client: client.id, dry_run: false },
      })
    ).json() as TMiniAppSession;
    if (real.status !== "client") throw new Error("no session");
    const kept = await call(real.token, {
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 3, price_kopecks: 60000 },
    });
    expect(kept.statusCode).toBe(201);
    expect(await stock()).toBe(7);

    const unknown = await t.call("office", {
      method: "POST",
      url: "/api/bot/preview/miniapp/",
      payload: { client: 999_999, dry_run: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("a change's quote", () => {
  it("prices the position's new quantity as the change will, across a tier, and the change takes that price", async () => {
    const { call } = await clientWithToken();
    const mod = await tiered();
    const add = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 5, price_kopecks: 60000 },
    });
    const positionId = add.json().position.id as number;
    const quote = (quantity: number) =>
      call({ method: "POST", url: "/api/app/quote/", payload: { position: positionId, quantity } });

    // The position's quantity in all, not units added to it: 12 is the 540 ₽ tier, 9 stays at 600 ₽.
    expect((await quote(12)).json()).toEqual({
      quantity: 12,
      price: 540,
      price_kopecks: 54000,
      sum: 6480,
      currency_sign: "₽",
    });
    expect((await quote(9)).json()).toMatchObject({ quantity: 9, price: 600, sum: 5400 });
    const changed = await call({
      method: "PUT",
      url: `/api/app/positions/${positionId}/`,
      payload: { quantity: 12, price_kopecks: (await quote(12)).json().price_kopecks },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().position).toMatchObject({ quantity: 12, price: 540, sum: 6480 });

    // Refused as the change would be: a limit in the service's words, another client's position unknown.
    const tooMany = await quote(1000);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe("out_of_stock");
    const other = await clientWithToken();
    const foreign = await other.call({
      method: "POST",
      url: "/api/app/quote/",
      payload: { position: positionId, quantity: 2 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe("Позиция не найдена.");
  });
});
