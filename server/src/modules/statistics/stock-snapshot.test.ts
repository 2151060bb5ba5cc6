import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { CLIENT_TYPE_SMALL, modifications, stockSnapshots } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { runDailyStockSnapshot } from "../stock/index.ts";
import { createStatisticsService } from "./statistics-service.ts";

let t: TestApp;
let mod: { id: number };
let currencyId: number;

beforeAll(async () => {
  t = await createTestApp({ now: "2026-11-20T20:50:00Z" }); // 23:50 in Moscow, the 20th
  currencyId = (await seedCurrency(t.db)).id;
  mod = await seedModification(t.db, { name: "Чехол", quantity: 40, quantityOnStart: 35, quantityAdded: 5 });
});
afterAll(() => t.close());

const snapshot = () => runDailyStockSnapshot({ db: t.db, clock: t.clock });
const stock = async () =>
  (
    await t.db.select().from(modifications).where(eq(modifications.id, mod.id))
  )[0] as typeof modifications.$inferSelect;
const setStock = (quantity: number) =>
  t.db.update(modifications).set({ quantity }).where(eq(modifications.id, mod.id));

describe("daily stock snapshot", () => {
  it("is taken once per Moscow business day and starts the day's counters", async () => {
    expect(await snapshot()).toBe(true);
    expect(await snapshot()).toBe(false);
    t.clock.set("2026-11-20T20:59:59Z"); // still the 20th in Moscow
    expect(await snapshot()).toBe(false);
    await setStock(30);
    t.clock.set("2026-11-20T21:00:00Z"); // midnight in Moscow: the 21st
    expect(await snapshot()).toBe(true);
    expect(await t.db.select().from(stockSnapshots).orderBy(stockSnapshots.day)).toEqual([
      { day: "2026-11-20", modificationId: mod.id, quantity: 40 },
      { day: "2026-11-21", modificationId: mod.id, quantity: 30 },
    ]);
    expect(await stock()).toMatchObject({ quantity: 30, quantityOnStart: 30, quantityAdded: 0 });
  });

  it("problem positions of a past day use that day's start and the next day's start as its end", async () => {
    const client = await seedClient(t.db);
    await seedOrder(t.db, {
      clientId: client.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: "2026-11-20",
      positions: [{ modificationId: mod.id, currencyId, quantity: 10 }],
    });
    await seedOrder(t.db, {
      clientId: client.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: "2026-11-21",
      positions: [{ modificationId: mod.id, currencyId, quantity: 25 }],
    });
    await setStock(5);
    const low = async (date: string) =>
      (await t.call("office", { method: "GET", url: `/api/statistics/low/?date=${date}` })).json();
    // The 20th: 40 at the start, 30 at its end: 75 % left, not a problem.
    expect(await low("2026-11-20")).toEqual([]);
    // Today (the 21st): 30 at the start, 5 now: 17 %.
    expect(await low("2026-11-21")).toMatchObject([
      { id: mod.id, quantity_on_start: 30, quantity: 5, sold: 25 },
    ]);
  });

  it("a modification created during a day keeps that day's start once the day is past", async () => {
    t.clock.set("2026-11-20T21:20:00Z"); // 00:20 on the 21st: the day's snapshot is taken
    const created = await t.call("office", {
      method: "POST",
      url: "/api/storehouse/modifications/",
      payload: { product: (await seedProduct(t.db)).id, name: "Новинка", quantity: 10 },
    });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    await seedOrder(t.db, {
      clientId: (await seedClient(t.db)).id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: "2026-11-21",
      positions: [{ modificationId: id, currencyId, quantity: 9 }],
    });
    await t.db.update(modifications).set({ quantity: 1 }).where(eq(modifications.id, id));
    // The service behind `low/`: the session's token would not outlive the day's jump below.
    const statistics = createStatisticsService({ db: t.db, clock: t.clock });
    const onThe21st = async () => (await statistics.low("2026-11-21")).find((r) => r.id === id);

    const onTheDay = await onThe21st();
    expect(onTheDay).toMatchObject({ quantity_on_start: 10, quantity: 1, sold: 9 });
    t.clock.set("2026-11-21T21:00:30Z"); // 00:00:30 on the 22nd, before the job's first check
    expect(await onThe21st()).toEqual(onTheDay);
    expect(await snapshot()).toBe(true);
    expect(await onThe21st()).toEqual(onTheDay);
    t.clock.set("2026-11-23T09:00:00Z");
    expect(await onThe21st()).toEqual(onTheDay);
  });
});
