import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { UpdateReceipt } from "../../db/handled-updates.ts";
import { orderPositions, orders } from "../../db/schema/index.ts";
import { secondInstance } from "../../test/database.ts";
import { createOrderingService } from "./ordering-service.ts";
import { startOrderingCache } from "./statements/ordering-cache.ts";
import { type OrderingFixture, orderingFixture } from "./test-fixture.ts";
import type { PositionResult } from "./types.ts";

/**
 * An add is judged on the client's order of the day as this process last read or wrote it, and written only
 * while the client's count of changes is still the one read with it: whatever changed the order meanwhile
 * (staff, another instance) is weighed, never the copy kept in memory.
 */
let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture();
});
afterAll(() => f.close());

const limited = (quantity = 100) =>
  seedModification(f.db, {
    quantity,
    oneHandQuantity: 5,
    oneHandLimited: true,
    tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
  });

const added = (r: PositionResult) => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
};

describe("an add judged on the day kept in memory", () => {
  it("weighs staff's change of a position between two taps: the hand limit counts what staff left", async () => {
    const client = await seedClient(f.db);
    const mod = await limited();
    const first = added(await f.service.addPosition(client.id, mod.id, 2, null));
    await f.db.update(orderPositions).set({ quantity: 5 }).where(eq(orderPositions.id, first.position.id));
    expect(await f.service.addPosition(client.id, mod.id, 1, null)).toMatchObject({
      ok: false,
      code: "hand_limit",
      canStill: 0,
    });
    expect((await f.service.todayOrder(client.id)).positions.map((p) => p.quantity)).toEqual([5]);
  });

  it("opens a new position rather than grow one staff sent to collect meanwhile", async () => {
    const client = await seedClient(f.db);
    const mod = await limited();
    const first = added(await f.service.addPosition(client.id, mod.id, 2, null));
    await f.db
      .update(orderPositions)
      .set({ status: "sent_to_collect" })
      .where(eq(orderPositions.id, first.position.id));
    added(await f.service.addPosition(client.id, mod.id, 1, null));
    const order = await f.service.todayOrder(client.id);
    expect(order.positions.map((p) => [p.quantity, p.status])).toEqual([
      [2, "sent_to_collect"],
      [1, "added"],
    ]);
    expect(await f.stockOf(mod.id)).toBe(97);
  });

  it("opens a new order when staff removed the day's order meanwhile, and gives the stock back once", async () => {
    const client = await seedClient(f.db);
    const mod = await limited();
    const first = added(await f.service.addPosition(client.id, mod.id, 2, null));
    await f.db.delete(orders).where(eq(orders.id, first.order.orderId ?? 0));
    const second = added(await f.service.addPosition(client.id, mod.id, 1, null));
    expect(second.order.orderId).not.toBe(first.order.orderId);
    expect(second.order.positions.map((p) => p.quantity)).toEqual([1]);
    // The staff's deletion gave nothing back (it was done by hand here): only the two adds took stock.
    expect(await f.stockOf(mod.id)).toBe(97);
  });

  it("judges a refusal again on a fresh reading: a position staff removed frees the hand limit", async () => {
    const client = await seedClient(f.db);
    const mod = await limited();
    const first = added(await f.service.addPosition(client.id, mod.id, 5, null));
    await f.db.delete(orderPositions).where(eq(orderPositions.id, first.position.id));
    const again = added(await f.service.addPosition(client.id, mod.id, 4, null));
    expect(again.order.positions.map((p) => p.quantity)).toEqual([4]);
  });

  it("carries out a bot update whose refused try, judged again, goes through: recorded once, added once", async () => {
    const client = await seedClient(f.db);
    const mod = await limited();
    const first = added(await f.service.addPosition(client.id, mod.id, 5, null));
    await f.db.delete(orderPositions).where(eq(orderPositions.id, first.position.id));
    const receipt = new UpdateReceipt(2_900_001);
    const bot = createOrderingService({ db: f.db, clock: f.clock, readOnce: true, receipt });
    added(await bot.addPosition(client.id, mod.id, 2, null));
    expect(receipt.recorded).toBe(true);
    expect((await f.service.todayOrder(client.id)).positions.map((p) => p.quantity)).toEqual([2]);
    expect(await f.stockOf(mod.id)).toBe(93);
  });

  it("weighs a position another instance added meanwhile: the hand limit holds across instances", async () => {
    const second = await secondInstance(f.database, "second instance");
    const cache = startOrderingCache(second.db);
    try {
      await cache.listening;
      const client = await seedClient(f.db);
      const mod = await limited();
      const other = await limited();
      // This instance reads (and keeps) the client's day with an add of another modification.
      added(await f.service.addPosition(client.id, other.id, 1, null));
      const there = createOrderingService({ db: second.db, clock: f.clock });
      added(await there.addPosition(client.id, mod.id, 4, null));
      expect(await f.service.addPosition(client.id, mod.id, 3, null)).toMatchObject({
        ok: false,
        code: "hand_limit",
        canStill: 1,
      });
      added(await f.service.addPosition(client.id, mod.id, 1, null));
      expect((await f.service.todayOrder(client.id)).positions.map((p) => p.quantity)).toEqual([1, 5]);
      expect(await f.stockOf(mod.id)).toBe(95);
    } finally {
      await cache.close();
      await second.close();
    }
  });
});
