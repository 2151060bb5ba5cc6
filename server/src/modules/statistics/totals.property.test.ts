import {
  flooredUnits,
  sumCurrencyTotals,
  type TBrandStatistics,
  type TClientDay,
  type TCost,
  type TCurrencyTotal,
  type TDashboard,
  type TDateStatistics,
  type TPeriodStatistics,
  unitsDroppedByFloors,
} from "@wholesale/contract";
import { and, between, eq, inArray, type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient, seedGroup } from "../../db/factories/clients.ts";
import {
  brands,
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  clients,
  currencies,
  modifications,
  orderPositions,
  orders,
  products,
} from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { assertProperty } from "../../test/property.ts";

/**
 * Every total a statistics screen or the dashboard shows, computed as the screen computes it (the contract's
 * sumCurrencyTotals over the rows the API sent), equals the API's sum for the same period, which equals a plain
 * SUM over the positions; and the rows shown floored, with the units their floors drop, add up to the floored
 * total. Random days of positions with kopecks, so floors always have something to drop.
 */
const NOW = "2026-12-01T09:00:00Z";
const TODAY = "2026-12-01";
const DAYS = ["2026-11-29", "2026-11-30", TODAY];
const PERIODS = [
  ["2026-11-29", TODAY],
  ["2026-11-01", "2026-11-30"],
  [TODAY, TODAY],
] as const;

let t: TestApp;
const catalogue = {
  modifications: [] as number[],
  currencies: [] as number[],
  clients: [] as { id: number; type: number }[],
  brands: [] as string[],
};
let groupId = 0;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  catalogue.currencies = [
    (await seedCurrency(t.db, { sign: "₽" })).id,
    (await seedCurrency(t.db, { sign: "$" })).id,
  ];
  for (const name of ["Apple", "Defender", "Hoco"]) {
    catalogue.brands.push(name);
    const product = await seedProduct(t.db, { brandId: (await seedBrand(t.db, { name })).id });
    for (let i = 0; i < 2; i++)
      catalogue.modifications.push((await seedModification(t.db, { productId: product.id })).id);
  }
  groupId = (await seedGroup(t.db)).id;
  for (const [type, group] of [
    [CLIENT_TYPE_SMALL, groupId],
    [CLIENT_TYPE_LARGE, groupId],
    [CLIENT_TYPE_SMALL, null],
    [CLIENT_TYPE_LARGE, null],
  ] as const)
    catalogue.clients.push({ id: (await seedClient(t.db, { clientType: type, groupId: group })).id, type });
});
afterAll(() => t.close());

type Sale = {
  client: number;
  day: number;
  modification: number;
  currency: number;
  kopecks: number;
  quantity: number;
};
const sale: fc.Arbitrary<Sale> = fc.record({
  client: fc.nat(3),
  day: fc.nat(DAYS.length - 1),
  modification: fc.nat(5),
  currency: fc.nat(1),
  kopecks: fc.integer({ min: 1, max: 250_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
});

const at = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

/** Replaces every order with one per client and day holding the sales. */
async function store(sales: Sale[]) {
  await t.db.delete(orders);
  const orderIds = new Map<string, number>();
  for (const s of sales) {
    const client = at(catalogue.clients, s.client);
    const day = at(DAYS, s.day);
    const key = `${client.id}/${day}`;
    let orderId = orderIds.get(key);
    if (orderId === undefined) {
      const [row] = await t.db
        .insert(orders)
        .values({ clientId: client.id, clientType: client.type, openedOn: day })
        .returning({ id: orders.id });
      orderId = (row as { id: number }).id;
      orderIds.set(key, orderId);
    }
    const modificationId = at(catalogue.modifications, s.modification);
    await t.db.insert(orderPositions).values({
      orderId,
      modificationId,
      modificationName: `#${modificationId}`,
      currencyId: at(catalogue.currencies, s.currency),
      price: s.kopecks / 100,
      quantity: s.quantity,
    });
  }
}

/** The period's sales straight from the positions, per currency sign, in kopecks. */
async function positionsSum(from: string, to: string, ...conditions: SQL[]): Promise<Record<string, number>> {
  const rows = await t.db
    .select({
      sign: currencies.sign,
      kopecks: sql<string>`sum(${orderPositions.quantity} * ${orderPositions.price} * 100)`,
    })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
    .innerJoin(modifications, eq(modifications.id, orderPositions.modificationId))
    .innerJoin(products, eq(products.id, modifications.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .where(and(between(orders.openedOn, from, to), ...conditions))
    .groupBy(currencies.sign);
  return Object.fromEntries(rows.map((r) => [r.sign, Number(r.kopecks)]));
}

/** A screen's total as it computes it (the exact sum of its rows), per sign, in kopecks. */
const screenTotal = (rows: readonly (readonly TCurrencyTotal[])[]): Record<string, number> =>
  Object.fromEntries(sumCurrencyTotals(rows).map((s) => [s.currency_sign, Math.round(s.total * 100)]));

/** The rows as shown, floored, with the units their floors drop, make the total as shown. */
function expectShownToAddUp(rows: readonly (readonly TCurrencyTotal[])[], what: string) {
  const dropped = unitsDroppedByFloors(rows);
  for (const { total, currency_sign } of sumCurrencyTotals(rows)) {
    const shownRows = rows.flat().filter((r) => r.currency_sign === currency_sign);
    const shown = shownRows.reduce((sum, r) => sum + flooredUnits(r.total), 0);
    const gap = dropped.find((d) => d.currency_sign === currency_sign)?.total ?? 0;
    expect(shown + gap, `${what}, ${currency_sign}`).toBe(flooredUnits(total));
    expect(gap, `${what}, ${currency_sign}: never a negative gap`).toBeGreaterThanOrEqual(0);
  }
}

const costs = (list: TCost[]): TCurrencyTotal[] =>
  list.map(({ total_cost, currency_sign }) => ({ total: total_cost, currency_sign }));

async function api<T>(url: string): Promise<T> {
  const res = await t.call("office", { method: "GET", url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
}

async function checkEveryScreen() {
  for (const [from, to] of PERIODS) {
    const period = await api<TPeriodStatistics>(`/api/statistics/period/?date_from=${from}&date_to=${to}`);
    const clientRows = Object.values(period).map((list) =>
      list.map(({ total, currency_sign }) => ({ total, currency_sign })),
    );
    // «По клиентам»: «Всего» is the period's sales.
    expect(screenTotal(clientRows), `clients ${from}..${to}`).toEqual(await positionsSum(from, to));
    expectShownToAddUp(clientRows, `clients ${from}..${to}`);
    for (const client of catalogue.clients) {
      const days = await api<TClientDay[]>(
        `/api/statistics/client-orders/?client_id=${client.id}&date_from=${from}&date_to=${to}`,
      );
      const dayRows = days.map((d) => d.totals);
      const row = period[String(client.id)] ?? [];
      // «Продажи клиента по дням»: «Итого» is the client's row, and the client's sales.
      expect(screenTotal(dayRows), `days of ${client.id}`).toEqual(screenTotal([row]));
      expect(screenTotal(dayRows), `days of ${client.id}`).toEqual(
        await positionsSum(from, to, eq(orders.clientId, client.id)),
      );
      expectShownToAddUp(dayRows, `days of ${client.id}`);
    }
  }

  const dashboard = await api<TDashboard>("/api/dashboard/");
  for (const day of DAYS) {
    const daySales = await positionsSum(day, day);
    const brandDay = await api<TBrandStatistics>(`/api/statistics/date/brand/?date=${day}`);
    const entries = Object.values(brandDay);
    // «По брэнду»: «Итого» is the day's sales; the wholesale columns add up to the small and large sales.
    expect(screenTotal(entries.map((e) => costs(e.total_cost))), `brands ${day}`).toEqual(daySales);
    expectShownToAddUp(
      entries.map((e) => costs(e.total_cost)),
      `brands ${day}`,
    );
    expect(screenTotal(entries.map((e) => costs(e.total_cost_small_wholesale)))).toEqual(
      await positionsSum(day, day, eq(orders.clientType, CLIENT_TYPE_SMALL)),
    );
    expect(screenTotal(entries.map((e) => costs(e.total_cost_large_wholesale)))).toEqual(
      await positionsSum(day, day, eq(orders.clientType, CLIENT_TYPE_LARGE)),
    );
    for (const [brand, e] of Object.entries(brandDay))
      expect(
        screenTotal([costs(e.total_cost_small_wholesale), costs(e.total_cost_large_wholesale)]),
        `${brand}'s parts`,
      ).toEqual(screenTotal([costs(e.total_cost)]));

    const perDay = async (filter: string) => {
      const answer = await api<TDateStatistics>(`/api/statistics/date/?date=${day}${filter}`);
      const rows = answer.statistics.map((i) =>
        i.details.map((d) => ({ total: d.total_cost, currency_sign: d.currency_sign })),
      );
      expectShownToAddUp(rows, `per day ${day}${filter}`);
      return screenTotal(rows);
    };
    // «По дням»: every brand, one brand, a wholesale type, a group.
    expect(await perDay(""), `per day ${day}`).toEqual(daySales);
    for (const brand of catalogue.brands)
      expect(await perDay(`&brand=${brand}`), `${brand} on ${day}`).toEqual(
        screenTotal([costs(brandDay[brand]?.total_cost ?? [])]),
      );
    expect(await perDay("&type=small")).toEqual(
      await positionsSum(day, day, eq(orders.clientType, CLIENT_TYPE_SMALL)),
    );
    expect(await perDay("&type=large")).toEqual(
      await positionsSum(day, day, eq(orders.clientType, CLIENT_TYPE_LARGE)),
    );
    expect(await perDay(`&group_id=${groupId}`)).toEqual(
      await positionsSum(
        day,
        day,
        inArray(
          orders.clientId,
          catalogue.clients.slice(0, 2).map((c) => c.id),
        ),
      ),
    );

    // The dashboard: today's «Сумма за сегодня» and each day of its chart.
    const chartDay = dashboard.sales?.last_30_days.find((d) => d.date === day);
    expect(screenTotal([chartDay?.totals ?? []]), `chart ${day}`).toEqual(daySales);
    if (day === TODAY) expect(screenTotal([dashboard.sales?.today.totals ?? []])).toEqual(daySales);
  }
}

describe("every statistics total equals the API's sum for its period, and what is shown adds up", () => {
  it("on random days of sales", async () => {
    let sold = 0;
    await assertProperty(
      fc.asyncProperty(fc.array(sale, { minLength: 1, maxLength: 30 }), async (sales) => {
        await store(sales);
        await checkEveryScreen();
        sold = Math.max(sold, sales.length);
      }),
      { numRuns: 8 },
    );
    expect(sold).toBeGreaterThan(0);
  });
});
