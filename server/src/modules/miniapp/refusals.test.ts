import { ZMiniAppFailureSchema, ZMiniAppRefusalSchema } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { marketSchedules, modifications, orderPositions } from "../../db/schema/index.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "../../test/app.ts";
import { secondInstance } from "../../test/database.ts";
import { ORDER_RATE } from "../ordering/index.ts";

/**
 * How the Mini App refuses: malformed input is a 400 with a Russian `detail` (never Fastify's English 500), a
 * refusal bounded by the stock never carries the stock's figure, and too many adds in a row are a 429 that
 * says when to try again.
 */

let t: TestApp;
let rub: number;
beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  await t.db.insert(marketSchedules).values({ name: "Основной", isManuallyOpened: true });
});
afterAll(() => t.close());

const CYRILLIC = /[А-Яа-яЁё]/;
const INTERVAL_MS = 1000 / ORDER_RATE.perSecond;

/** A client (prices shown) with a Mini App token, calling as the page does. */
async function clientCalls() {
  const client = await seedClient(t.db, { allowedPrice: true });
  const token = await t.app.tokens.signClient({ clientId: client.id, telegramId: client.telegramId ?? 0 });
  return (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
}

/** 600 ₽ a unit from 1. */
const modification = (quantity: number, values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(t.db, {
    quantity,
    ...values,
    tiers: [{ currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 }],
  });

describe("malformed Mini App requests", () => {
  it("each answer 400 with a Russian detail in the error model, and change nothing", async () => {
    const call = await clientCalls();
    const mod = await modification(100);
    const valid = { modification: mod.id, quantity: 1, price_kopecks: 60000 };
    const add = (body: Record<string, unknown>) => JSON.stringify({ ...valid, ...body });
    const requests: [string, InjectOptions][] = [];
    const bodies: Record<string, unknown>[] = [
      ...[1.5, "5", null, 2 ** 53 + 2].map((quantity) => ({ quantity })),
      ...[-1, 1.5, 1e20, "1000"].map((price_kopecks) => ({ price_kopecks })),
      ...[0, -1, 2_147_483_648, "abc"].map((modification) => ({ modification })),
    ];
    for (const body of bodies)
      requests.push([
        `POST positions ${JSON.stringify(body)}`,
        {
          method: "POST",
          url: "/api/app/positions/",
          headers: { "content-type": "application/json" },
          payload: add(body),
        },
      ]);
    for (const id of ["abc", "-1", "0", "1.5", "2147483648"]) {
      const change = JSON.stringify({ quantity: 1, price_kopecks: 60000 });
      requests.push([
        `PUT positions/${id}`,
        {
          method: "PUT",
          url: `/api/app/positions/${id}/`,
          headers: { "content-type": "application/json" },
          payload: change,
        },
      ]);
      requests.push([`DELETE positions/${id}`, { method: "DELETE", url: `/api/app/positions/${id}/` }]);
      requests.push([`GET modifications/${id}`, { method: "GET", url: `/api/app/modifications/${id}/` }]);
    }
    for (const query of ["page=0", "page=abc", "brand=abc", `search=${"щ".repeat(1000)}`])
      requests.push([
        `GET catalogue ${query.slice(0, 20)}`,
        { method: "GET", url: `/api/app/catalogue/?${query}` },
      ]);
    const json = (payload: string, contentType?: string): InjectOptions => ({
      method: "POST",
      url: "/api/app/positions/",
      headers: contentType ? { "content-type": contentType } : {},
      payload,
    });
    requests.push(["invalid JSON", json('{"modification": ', "application/json")]);
    requests.push(["no content type, no body", { method: "POST", url: "/api/app/positions/" }]);
    requests.push(["text/plain", json(add({}), "text/plain")]);
    requests.push([
      "__proto__ key",
      json(`{"__proto__":{"quantity":1},${add({}).slice(1)}`, "application/json"),
    ]);
    requests.push([
      "quote, quantity 1.5",
      { method: "POST", url: "/api/app/quote/", payload: { modification: mod.id, quantity: 1.5 } },
    ]);

    for (const [what, request] of requests) {
      const res = await call(request);
      expect({ what, status: res.statusCode }).toEqual({ what, status: 400 });
      const body = ZMiniAppFailureSchema.parse(res.json());
      expect(body.detail, what).toMatch(CYRILLIC);
    }
    const [row] = await t.db.select().from(modifications).where(eq(modifications.id, mod.id));
    expect(row?.quantity).toBe(100);
    expect(await t.db.select().from(orderPositions)).toEqual([]);
  });
});

describe("a refusal the stock bounds", () => {
  it("says what may be ordered in the bot's words, never the stock's figure (quote, add, change)", async () => {
    const call = await clientCalls();
    const mod = await modification(37);
    const words = "Столько нет на складе: можно заказать меньше.";
    const quote = await call({
      method: "POST",
      url: "/api/app/quote/",
      payload: { modification: mod.id, quantity: 38 },
    });
    const add = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 38, price_kopecks: 60000 },
    });
    for (const res of [quote, add]) {
      expect(res.statusCode).toBe(409);
      // «Взять сколько есть» is offered with the price of what was asked, never what is left.
      expect(ZMiniAppRefusalSchema.parse(res.json())).toEqual({
        detail: words,
        code: "out_of_stock",
        can_still: null,
        take_available: true,
        quote: { quantity: 38, price: 600, price_kopecks: 60000, sum: 22800, currency_sign: "₽" },
      });
      expect(res.body).not.toContain("37");
    }
    const added = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 2, price_kopecks: 60000 },
    });
    expect(added.statusCode).toBe(201);
    const change = await call({
      method: "PUT",
      url: `/api/app/positions/${added.json().position.id}/`,
      payload: { quantity: 38, price_kopecks: 60000 },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({
      detail: words,
      code: "out_of_stock",
      can_still: null,
      take_available: false,
      quote: null,
    });

    // A limit of the client's own is theirs to know: its figure is still given.
    const limited = await modification(37, { oneHandQuantity: 3, oneHandLimited: true });
    const hand = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: limited.id, quantity: 4, price_kopecks: 60000 },
    });
    expect(hand.json()).toMatchObject({ code: "hand_limit", can_still: 3 });
    expect(hand.json().detail).toBe("В одни руки не больше 3 шт. в день: можно ещё 3 шт.");
  });
});

describe("«Взять сколько есть»", () => {
  it("adds what the stock holds when it holds fewer, at the tier it reaches, the figure shown only once added", async () => {
    const call = await clientCalls();
    // 600 ₽ from 1, 540 ₽ from 10; 8 units left.
    const mod = await seedModification(t.db, {
      quantity: 8,
      tiers: [
        { currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
        { currencyId: rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
      ],
    });
    const take = (quantity: number, price_kopecks: number | null) =>
      call({
        method: "POST",
        url: "/api/app/positions/available/",
        payload: { modification: mod.id, quantity, price_kopecks },
      });
    // The price the client saw is the one of what they asked for: a changed one takes nothing.
    const stale = await take(20, 50000);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "price_changed", quote: { quantity: 20, price: 540 } });
    expect(stale.body).not.toMatch(/(?<!\d)8(?!\d)/);
    const taken = await take(20, 54000);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().position).toMatchObject({ quantity: 8, price: 600 });
    const [row] = await t.db.select().from(modifications).where(eq(modifications.id, mod.id));
    expect(row?.quantity).toBe(0);
    // Nothing left: refused as any add is, with nothing to take.
    const none = await take(1, 60000);
    expect(none.json()).toMatchObject({ code: "out_of_stock", take_available: false });
    t.clock.advance(60_000);
  });

  it("is offered only when the stock, not a limit of the client's own, is what refuses", async () => {
    const call = await clientCalls();
    const limited = await modification(37, { oneHandQuantity: 3, oneHandLimited: true });
    const hand = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: limited.id, quantity: 4, price_kopecks: 60000 },
    });
    expect(hand.json()).toMatchObject({ code: "hand_limit", can_still: 3, take_available: false });
    // Asked through «Взять сколько есть» anyway, the limit refuses as an add's does.
    const taken = await call({
      method: "POST",
      url: "/api/app/positions/available/",
      payload: { modification: limited.id, quantity: 4, price_kopecks: 60000 },
    });
    expect(taken.json()).toMatchObject({ code: "hand_limit", can_still: 3 });
    t.clock.advance(60_000);
  });
});

describe("quotes in a row", () => {
  it("go no faster than adds: halving the quantity cannot find the stock's figure faster than adding would", async () => {
    const call = await clientCalls();
    const mod = await modification(37);
    const quote = (quantity: number) =>
      call({ method: "POST", url: "/api/app/quote/", payload: { modification: mod.id, quantity } });
    // The halving a script would do: each answer says whether the stock holds the quantity.
    const statuses: number[] = [];
    for (let low = 0, high = 1024, tries = 0; tries < 17; tries++) {
      const mid = Math.floor((low + high) / 2);
      const res = await quote(mid);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) continue;
      if (res.statusCode === 200) low = mid;
      else high = mid;
    }
    expect(statuses.slice(0, ORDER_RATE.burst).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(ORDER_RATE.burst).every((s) => s === 429)).toBe(true);
    const refused = await quote(1);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.json()).toMatchObject({ code: "too_fast" });
    // An interval later, one more quote; a client's adds have their own allowance, untouched by quotes.
    t.clock.advance(INTERVAL_MS);
    expect((await quote(1)).statusCode).toBe(200);
    expect((await quote(1)).statusCode).toBe(429);
    const add = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: mod.id, quantity: 1, price_kopecks: 60000 },
    });
    expect(add.statusCode).toBe(201);
    t.clock.advance(60_000);
  });
});

describe("too many adds in a row", () => {
  it("are a 429 that says when to try again; an interval later the add goes through", async () => {
    const call = await clientCalls();
    const mod = await modification(1000);
    const add = () =>
      call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification: mod.id, quantity: 1, price_kopecks: 60000 },
      });
    for (let i = 0; i < ORDER_RATE.burst; i++) expect((await add()).statusCode, `add ${i + 1}`).toBe(201);
    const refused = await add();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(ZMiniAppRefusalSchema.parse(refused.json())).toEqual({
      detail: "Слишком много заказов подряд: повторите через 1 с.",
      code: "too_fast",
      can_still: null,
      take_available: false,
      quote: null,
    });
    t.clock.advance(INTERVAL_MS);
    expect((await add()).statusCode).toBe(201);
    expect((await add()).statusCode).toBe(429);
    const [row] = await t.db.select().from(modifications).where(eq(modifications.id, mod.id));
    expect(row?.quantity).toBe(1000 - ORDER_RATE.burst - 1);
    t.clock.advance(60_000);
  });

  it("are counted across two app instances on one database", async () => {
    const second = await secondInstance(t.database, "second app");
    const other = await buildApp({ db: second.db, clock: t.clock, jwtSecret: TEST_SECRET, webDist: null });
    try {
      const client = await seedClient(t.db, { allowedPrice: true });
      const token = await t.app.tokens.signClient({
        clientId: client.id,
        telegramId: client.telegramId ?? 0,
      });
      const mod = await modification(1000);
      const add = (app: FastifyInstance) =>
        app.inject({
          method: "POST",
          url: "/api/app/positions/",
          headers: { authorization: `Bearer ${token}` },
          payload: { modification: mod.id, quantity: 1, price_kopecks: 60000 },
        });
      const answers = await Promise.all(
        Array.from({ length: 2 * ORDER_RATE.burst }, (_, i) => add(i % 2 === 0 ? t.app : other)),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([...Array(ORDER_RATE.burst).fill(201), ...Array(ORDER_RATE.burst).fill(429)]);
      t.clock.advance(INTERVAL_MS);
      expect((await add(other)).statusCode).toBe(201);
      expect((await add(t.app)).statusCode).toBe(429);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
