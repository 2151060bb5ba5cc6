import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "@wholesale/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient, seedGroup, seedTransportation } from "../../db/factories/clients.ts";
import {
  marketScheduleClients,
  marketScheduleGroups,
  marketSchedules,
  marketScheduleTransportations,
  timeIntervals,
} from "../../db/schema/index.ts";
import { marketStateForClient } from "../market/index.ts";
import { createOrderingService } from "./ordering-service.ts";
import { readSituation } from "./statements/situation.ts";
import { type OrderingFixture, orderingFixture } from "./test-fixture.ts";

let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture({ marketOpen: false });
});
afterAll(() => f.close());

describe("the market's own decision (the service's default)", () => {
  it("sells to the clients a schedule opens for, while its interval runs", async () => {
    const service = createOrderingService({ db: f.db, clock: f.clock });
    const [schedule] = await f.db
      .insert(marketSchedules)
      .values({ name: "Малый опт днём", clientTypes: [CLIENT_TYPE_SMALL] })
      .returning();
    if (!schedule) throw new Error("no schedule");
    await f.db
      .insert(timeIntervals)
      .values({ scheduleId: schedule.id, startTime: "10:00", endTime: "18:00" });
    const mod = await seedModification(f.db, {
      tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
    });
    const small = await seedClient(f.db);
    const large = await seedClient(f.db, { clientType: CLIENT_TYPE_LARGE });

    const standing = await service.standing(small.id);
    expect(standing).toMatchObject({ ok: true, market: { open: true, scheduleNames: ["Малый опт днём"] } });
    const r = await service.addPosition(small.id, mod.id, 2, null);
    expect(r.ok).toBe(true);
    expect(await service.addPosition(large.id, mod.id, 1, null)).toMatchObject({ code: "market_closed" });

    // 18:30 in Moscow: the interval is over and a change mid-order is refused.
    f.clock.set("2026-11-20T15:30:00Z");
    try {
      if (!r.ok) throw new Error(r.message);
      expect(await service.changePosition(small.id, r.position.id, 5, null)).toMatchObject({
        code: "market_closed",
      });
      expect(await f.stockOf(mod.id)).toBe(98);
    } finally {
      f.clock.set("2026-11-20T09:00:00Z");
    }
  });
});

describe("a service for one update (readOnce)", () => {
  it("decides on the market once: a later call of the same update keeps it, a new update sees the change", async () => {
    await f.setMarketOpen(true);
    try {
      const mod = await seedModification(f.db, {
        tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
      });
      // Large wholesale: no schedule of the tests above opens for it.
      const client = await seedClient(f.db, { clientType: CLIENT_TYPE_LARGE });
      const update = createOrderingService({ db: f.db, clock: f.clock, readOnce: true });
      expect(await update.standing(client.id)).toMatchObject({ ok: true, market: { open: true } });
      await f.setMarketOpen(false);
      expect((await update.addPosition(client.id, mod.id, 1, null)).ok).toBe(true);
      const next = createOrderingService({ db: f.db, clock: f.clock, readOnce: true });
      expect(await next.addPosition(client.id, mod.id, 1, null)).toMatchObject({ code: "market_closed" });
    } finally {
      await f.setMarketOpen(false);
    }
  });
});

describe("browsing", () => {
  it("lists nothing and shows no card while the market is closed for the client", async () => {
    const brand = await seedBrand(f.db);
    const product = await seedProduct(f.db, { brandId: brand.id, name: "Закрытый товар" });
    const mod = await seedModification(f.db, {
      productId: product.id,
      tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
    });
    // Large wholesale: no schedule of the tests above opens for it.
    const client = await seedClient(f.db, { clientType: CLIENT_TYPE_LARGE });
    const browse = async () => ({
      brands: (await f.service.listBrands(client.id, 1)).items.length > 0,
      products: (await f.service.listProducts(client.id, brand.id, 1)).items.length,
      modifications: (await f.service.listModifications(client.id, product.id, 1)).items.length,
      found: (await f.service.searchModifications(client.id, "Закрытый", 1)).items.length,
      card: (await f.service.getModification(client.id, mod.id)) !== null,
    });
    expect(await browse()).toEqual({ brands: false, products: 0, modifications: 0, found: 0, card: false });
    await f.setMarketOpen(true);
    try {
      expect(await browse()).toEqual({ brands: true, products: 1, modifications: 1, found: 1, card: true });
    } finally {
      await f.setMarketOpen(false);
    }
  });
});

describe("readSituation", () => {
  it("answers exactly as marketStateForClient, for targeted, manual, closed and inactive schedules", async () => {
    const group = await seedGroup(f.db);
    const direction = await seedTransportation(f.db);
    const people = [
      await seedClient(f.db),
      await seedClient(f.db, { clientType: CLIENT_TYPE_LARGE, groupId: group.id }),
      await seedClient(f.db, { clientType: CLIENT_TYPE_LARGE, transportationId: direction.id }),
      await seedClient(f.db, { clientType: null }),
    ];
    const schedule = async (
      values: Partial<typeof marketSchedules.$inferInsert>,
      intervals: [string, string][],
    ) => {
      const [row] = await f.db
        .insert(marketSchedules)
        .values({ name: `Расписание ${Math.random()}`, ...values })
        .returning();
      if (!row) throw new Error("no schedule");
      for (const [startTime, endTime] of intervals) {
        await f.db.insert(timeIntervals).values({ scheduleId: row.id, startTime, endTime });
      }
      return row;
    };
    const evening = await schedule({ clientTypes: [CLIENT_TYPE_LARGE] }, [["20:00", "02:00"]]);
    const forGroup = await schedule({}, [["07:00", "08:30"]]);
    await f.db.insert(marketScheduleGroups).values({ scheduleId: forGroup.id, groupId: group.id });
    const forDirection = await schedule(
      { isManuallyOpened: true, closeTime: new Date("2026-11-20T13:00:00Z") },
      [],
    );
    await f.db
      .insert(marketScheduleTransportations)
      .values({ scheduleId: forDirection.id, transportationId: direction.id });
    const forOne = await schedule({ closedUntil: new Date("2026-11-20T11:00:00Z") }, [["13:00", "15:00"]]);
    await f.db.insert(marketScheduleClients).values({ scheduleId: forOne.id, clientId: people[3]?.id ?? 0 });
    await schedule({ isActive: false, isManuallyOpened: true }, []);
    expect(evening.id).toBeGreaterThan(0);

    for (const at of [
      "2026-11-20T04:30:00Z",
      "2026-11-20T10:30:00Z",
      "2026-11-20T12:59:59Z",
      "2026-11-20T18:00:00Z",
      "2026-11-20T22:59:00Z",
    ]) {
      for (const c of [...people, { id: 999_999 }]) {
        const now = new Date(at);
        expect((await readSituation(f.db, c.id, now)).market).toEqual(
          await marketStateForClient(f.db, c.id, now),
        );
      }
    }
  });
});
