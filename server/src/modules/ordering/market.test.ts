import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "@wholesale/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { marketSchedules, timeIntervals } from "../../db/schema/index.ts";
import { createOrderingService } from "./ordering-service.ts";
import { type OrderingFixture, orderingFixture } from "./test-fixture.ts";

let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture();
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
    const r = await service.addPosition(small.id, mod.id, 2);
    expect(r.ok).toBe(true);
    expect(await service.addPosition(large.id, mod.id, 1)).toMatchObject({ code: "market_closed" });

    // 18:30 in Moscow: the interval is over and a change mid-order is refused.
    f.clock.set("2026-11-20T15:30:00Z");
    try {
      if (!r.ok) throw new Error(r.message);
      expect(await service.changePosition(small.id, r.position.id, 5)).toMatchObject({
        code: "market_closed",
      });
      expect(await f.stockOf(mod.id)).toBe(98);
    } finally {
      f.clock.set("2026-11-20T09:00:00Z");
    }
  });
});
