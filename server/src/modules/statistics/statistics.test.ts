import type { TLowModification } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient, seedGroup } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { accounts, CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL, marketSchedules } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createOrderingService } from "../ordering/index.ts";

// 2026-11-20 is a Friday; the clock stands at 12:00 Moscow that day.
let t: TestApp;
const ids = {} as Record<"rub" | "usd" | "m1" | "m2" | "m3" | "small" | "large" | "group", number>;

beforeAll(async () => {
  t = await createTestApp({ now: "2026-11-20T09:00:00Z" });
  const rub = await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  const usd = await seedCurrency(t.db, { name: "Доллар", sign: "$" });
  const apple = await seedProduct(t.db, {
    brandId: (await seedBrand(t.db, { name: "Apple" })).id,
    name: "iPhone",
  });
  const xiaomi = await seedProduct(t.db, {
    brandId: (await seedBrand(t.db, { name: "Xiaomi" })).id,
    name: "Redmi",
  });
  const m1 = await seedModification(t.db, {
    productId: apple.id,
    name: "128 ГБ",
    specifications: "чёрный",
    quantity: 5,
    quantityOnStart: 50,
    tiers: [{ currencyId: rub.id, quantityFrom: 1, smallWholesale: 1000, largeWholesale: 900 }],
  });
  const m2 = await seedModification(t.db, {
    productId: apple.id,
    name: "256 ГБ",
    quantity: 40,
    quantityOnStart: 50,
  });
  const m3 = await seedModification(t.db, {
    productId: xiaomi.id,
    name: "Note",
    quantity: 0,
    quantityOnStart: 0,
  });
  const group = await seedGroup(t.db, { name: "Опт Москва" });
  const small = await seedClient(t.db, {
    nickname: "Малыш",
    clientType: CLIENT_TYPE_SMALL,
    groupId: group.id,
  });
  const large = await seedClient(t.db, { nickname: "Крупняк", clientType: CLIENT_TYPE_LARGE });
  Object.assign(ids, { rub: rub.id, usd: usd.id, m1: m1.id, m2: m2.id, m3: m3.id });
  Object.assign(ids, { small: small.id, large: large.id, group: group.id });

  // Friday: the small client buys in both currencies and in every status; the large one in roubles.
  await seedOrder(t.db, {
    clientId: small.id,
    clientType: CLIENT_TYPE_SMALL,
    openedOn: "2026-11-20",
    positions: [
      { modificationId: m1.id, currencyId: rub.id, price: 1000, quantity: 2, status: "collected" },
      { modificationId: m1.id, currencyId: rub.id, price: 950.5, quantity: 1, status: "sent_to_collect" },
      { modificationId: m3.id, currencyId: usd.id, price: 10.25, quantity: 4 },
    ],
  });
  await seedOrder(t.db, {
    clientId: large.id,
    clientType: CLIENT_TYPE_LARGE,
    openedOn: "2026-11-20",
    positions: [
      { modificationId: m1.id, currencyId: rub.id, price: 900, quantity: 10 },
      { modificationId: m2.id, currencyId: rub.id, price: 800, quantity: 3 },
    ],
  });
  // Wednesday: the small client once more; the day after tomorrow is outside every range below.
  await seedOrder(t.db, {
    clientId: small.id,
    clientType: CLIENT_TYPE_SMALL,
    openedOn: "2026-11-18",
    positions: [{ modificationId: m2.id, currencyId: rub.id, price: 500, quantity: 1 }],
  });
  await seedOrder(t.db, {
    clientId: small.id,
    clientType: CLIENT_TYPE_SMALL,
    openedOn: "2026-11-22",
    positions: [{ modificationId: m2.id, currencyId: rub.id, price: 1, quantity: 1 }],
  });
});
afterAll(() => t.close());

const get = (url: string, role: "office" | "seller" | "storehouse" | null = "office") =>
  t.call(role, { method: "GET", url });

describe("statistics per client", () => {
  it("period: per client, per currency, sums and orders counted in every status", async () => {
    const res = await get("/api/statistics/period/?date_from=2026-11-14&date_to=2026-11-20");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      [ids.small]: [
        { total: 3450.5, currency_sign: "₽", orders_count: 2 },
        { total: 41, currency_sign: "$", orders_count: 1 },
      ],
      [ids.large]: [{ total: 11400, currency_sign: "₽", orders_count: 1 }],
    });
  });

  it("client-orders: every day of the range, days without orders included, weekday in Russian", async () => {
    const res = await get(
      `/api/statistics/client-orders/?client_id=${ids.small}&date_from=2026-11-18&date_to=2026-11-20`,
    );
    expect(res.json()).toEqual([
      {
        date: "2026-11-18",
        weekday: "Среда",
        has_orders: true,
        totals: [{ total: 500, currency_sign: "₽" }],
      },
      { date: "2026-11-19", weekday: "Четверг", has_orders: false, totals: [] },
      {
        date: "2026-11-20",
        weekday: "Пятница",
        has_orders: true,
        totals: [
          { total: 2950.5, currency_sign: "₽" },
          { total: 41, currency_sign: "$" },
        ],
      },
    ]);
  });

  it("refuses bad ranges with a Russian 400", async () => {
    const reversed = await get("/api/statistics/period/?date_from=2026-11-21&date_to=2026-11-20");
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toMatch(/[А-Яа-я]/);
    const long = await get(
      `/api/statistics/client-orders/?client_id=${ids.small}&date_from=2024-01-01&date_to=2026-11-20`,
    );
    expect(long.statusCode).toBe(400);
    expect((await get("/api/statistics/period/?date_from=вчера&date_to=2026-11-20")).statusCode).toBe(400);
  });
});

describe("statistics per day", () => {
  it("by brand: quantities and sums per wholesale type", async () => {
    const res = await get("/api/statistics/date/brand/?date=2026-11-20");
    expect(res.json()).toEqual({
      Apple: {
        total_quantity: 16,
        total_quantity_small_wholesale: 3,
        total_quantity_large_wholesale: 13,
        total_cost: [{ total_cost: 14350.5, currency_sign: "₽" }],
        total_cost_small_wholesale: [{ total_cost: 2950.5, currency_sign: "₽" }],
        total_cost_large_wholesale: [{ total_cost: 11400, currency_sign: "₽" }],
      },
      Xiaomi: {
        total_quantity: 4,
        total_quantity_small_wholesale: 4,
        total_quantity_large_wholesale: 0,
        total_cost: [{ total_cost: 41, currency_sign: "$" }],
        total_cost_small_wholesale: [{ total_cost: 41, currency_sign: "$" }],
        total_cost_large_wholesale: [],
      },
    });
  });

  it("per modification, filtered by brand, wholesale type or client group", async () => {
    const all = (await get("/api/statistics/date/?date=2026-11-20")).json();
    expect(all.ordered_brands).toEqual([{ name: "Apple" }, { name: "Xiaomi" }]);
    expect(all.statistics).toEqual([
      {
        modification: { id: ids.m1, name: "128 ГБ", product: "iPhone", brand: "Apple" },
        details: [{ total_cost: 11950.5, total_quantity: 13, currency_sign: "₽" }],
      },
      {
        modification: { id: ids.m2, name: "256 ГБ", product: "iPhone", brand: "Apple" },
        details: [{ total_cost: 2400, total_quantity: 3, currency_sign: "₽" }],
      },
      {
        modification: { id: ids.m3, name: "Note", product: "Redmi", brand: "Xiaomi" },
        details: [{ total_cost: 41, total_quantity: 4, currency_sign: "$" }],
      },
    ]);
    const names = async (suffix: string) =>
      (await get(`/api/statistics/date/?date=2026-11-20&${suffix}`))
        .json()
        .statistics.map((s: { modification: { name: string }; details: unknown[] }) => [
          s.modification.name,
          s.details,
        ]);
    expect(await names("brand=Xiaomi")).toEqual([
      ["Note", [{ total_cost: 41, total_quantity: 4, currency_sign: "$" }]],
    ]);
    expect(await names("type=large")).toEqual([
      ["128 ГБ", [{ total_cost: 9000, total_quantity: 10, currency_sign: "₽" }]],
      ["256 ГБ", [{ total_cost: 2400, total_quantity: 3, currency_sign: "₽" }]],
    ]);
    expect(await names(`group_id=${ids.group}`)).toEqual([
      ["128 ГБ", [{ total_cost: 2950.5, total_quantity: 3, currency_sign: "₽" }]],
      ["Note", [{ total_cost: 41, total_quantity: 4, currency_sign: "$" }]],
    ]);
    expect((await get("/api/statistics/date/?date=2026-11-20&type=small&brand=Apple")).statusCode).toBe(400);
    expect((await get("/api/statistics/date/?date=2026-11-20&type=medium")).statusCode).toBe(400);
  });

  it("problem positions: sold today with under 20 % of the start left, or no start", async () => {
    const res = await get("/api/statistics/low/?date=2026-11-20");
    expect(res.json()).toEqual([
      {
        id: ids.m1,
        name: "128 ГБ",
        specifications: "чёрный",
        quantity_on_start: 50,
        quantity: 5,
        sold: 13,
        price_small_wholesale: 1000,
        price_large_wholesale: 900,
        currency_sign: "₽",
        waiting: 0,
      },
      {
        id: ids.m3,
        name: "Note",
        specifications: "",
        quantity_on_start: 0,
        quantity: 0,
        sold: 4,
        price_small_wholesale: null,
        price_large_wholesale: null,
        currency_sign: null,
        waiting: 0,
      },
    ]);
  });
});

describe("problem positions' prices", () => {
  it("a first tier's placeholder price of 1 («not sold at this type») is no price: null, beside the real one", async () => {
    const product = await seedProduct(t.db, { brandId: (await seedBrand(t.db, { name: "Remax" })).id });
    const onlySmall = await seedModification(t.db, {
      productId: product.id,
      name: "Только малый опт",
      quantity: 1,
      quantityOnStart: 30,
      tiers: [{ currencyId: ids.rub, quantityFrom: 1, smallWholesale: 540.5, largeWholesale: 1 }],
    });
    await seedOrder(t.db, {
      clientId: ids.small,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: "2026-11-20",
      positions: [{ modificationId: onlySmall.id, currencyId: ids.rub, price: 540.5, quantity: 29 }],
    });
    const low: TLowModification[] = (await get("/api/statistics/low/?date=2026-11-20")).json();
    expect(low.find((m) => m.id === onlySmall.id)).toMatchObject({
      price_small_wholesale: 540.5,
      price_large_wholesale: null,
      currency_sign: "₽",
    });
  });
});

describe("statistics access", () => {
  it("needs statistics.read: office and seller yes, storehouse no, anonymous 401", async () => {
    const url = "/api/statistics/date/brand/?date=2026-11-20";
    expect((await get(url, "seller")).statusCode).toBe(200);
    expect((await get(url, "storehouse")).statusCode).toBe(403);
    expect((await get(url, null)).statusCode).toBe(401);
  });
});

describe("Moscow day boundaries", () => {
  const added = <T extends { ok: boolean }>(r: T) => {
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
    return r;
  };
  /** A GET with a token signed on the clock as it stands: a session's 30 minutes do not span the days. */
  const getNow = async (url: string) => {
    const office = await t.as("office");
    const [account] = await t.db
      .select({ version: accounts.tokenVersion })
      .from(accounts)
      .where(eq(accounts.id, office.id));
    const token = await t.app.tokens.sign({
      userId: office.id,
      version: account?.version ?? 0,
      type: "access",
    });
    return (await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } })).json();
  };

  it("orders at 23:59 and 00:01 in Moscow (20:59 and 21:01 UTC, one UTC date) land on their Moscow days", async () => {
    const product = await seedProduct(t.db, {
      brandId: (await seedBrand(t.db, { name: "Samsung" })).id,
      name: "Galaxy",
    });
    const mod = await seedModification(t.db, {
      productId: product.id,
      name: "S1",
      tiers: [{ currencyId: ids.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
    });
    const night = await seedClient(t.db, { nickname: "Полуночник", clientType: CLIENT_TYPE_SMALL });
    await t.db.insert(marketSchedules).values({ name: "Круглосуточно", isManuallyOpened: true });
    // Orders come only from the bot's ordering service, which opens the order on the clock's Moscow day.
    const ordering = createOrderingService({ db: t.db, clock: t.clock });

    t.clock.set("2026-11-23T20:59:00Z"); // Monday 23:59 in Moscow
    added(await ordering.addPosition(night.id, mod.id, 2, null));
    const monday = (await getNow("/api/dashboard/")).sales;
    t.clock.set("2026-11-23T21:01:00Z"); // Tuesday 00:01 in Moscow
    added(await ordering.addPosition(night.id, mod.id, 3, null));
    const tuesday = (await getNow("/api/dashboard/")).sales;

    const rub = (total: number) => [{ total, currency_sign: "₽" }];
    expect(monday.today).toEqual({ orders: 1, clients: 1, totals: rub(200) });
    expect(tuesday.today).toEqual({ orders: 1, clients: 1, totals: rub(300) });
    expect(tuesday.last_30_days.slice(-2)).toEqual([
      { date: "2026-11-23", totals: rub(200) },
      { date: "2026-11-24", totals: rub(300) },
    ]);
    expect(tuesday.top_brands).toEqual([{ name: "Samsung", quantity: 3, totals: rub(300) }]);

    for (const [day, quantity, total] of [
      ["2026-11-23", 2, 200],
      ["2026-11-24", 3, 300],
    ] as const) {
      expect(await getNow(`/api/statistics/period/?date_from=${day}&date_to=${day}`)).toEqual({
        [night.id]: [{ total, currency_sign: "₽", orders_count: 1 }],
      });
      const cost = [{ total_cost: total, currency_sign: "₽" }];
      expect(await getNow(`/api/statistics/date/brand/?date=${day}`)).toEqual({
        Samsung: {
          total_quantity: quantity,
          total_quantity_small_wholesale: quantity,
          total_quantity_large_wholesale: 0,
          total_cost: cost,
          total_cost_small_wholesale: cost,
          total_cost_large_wholesale: [],
        },
      });
      expect((await getNow(`/api/statistics/date/?date=${day}`)).statistics).toEqual([
        {
          modification: { id: mod.id, name: "S1", product: "Galaxy", brand: "Samsung" },
          details: [{ total_cost: total, total_quantity: quantity, currency_sign: "₽" }],
        },
      ]);
    }
    expect(
      await getNow(
        `/api/statistics/client-orders/?client_id=${night.id}&date_from=2026-11-23&date_to=2026-11-24`,
      ),
    ).toEqual([
      { date: "2026-11-23", weekday: "Понедельник", has_orders: true, totals: rub(200) },
      { date: "2026-11-24", weekday: "Вторник", has_orders: true, totals: rub(300) },
    ]);
  });
});
