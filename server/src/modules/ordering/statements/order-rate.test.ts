import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedModification } from "../../../db/factories/catalogue.ts";
import { seedClient } from "../../../db/factories/clients.ts";
import { orderPositions, orders } from "../../../db/schema/index.ts";
import { secondInstance } from "../../../test/database.ts";
import { createOrderingService } from "../ordering-service.ts";
import { type OrderingFixture, orderingFixture } from "../test-fixture.ts";
import type { PositionResult } from "../types.ts";
import { ORDER_RATE } from "./order-rate.ts";

let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture();
});
afterAll(() => f.close());

const TOO_FAST = {
  ok: false,
  code: "too_fast",
  message: "Слишком много заказов подряд: повторите через 1 с.",
};
const INTERVAL_MS = 1000 / ORDER_RATE.perSecond;

const plenty = (values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(f.db, {
    quantity: 1000,
    ...values,
    tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
  });

const unitsOrdered = async (clientId: number) => {
  const rows = await f.db
    .select({ quantity: orderPositions.quantity })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(eq(orders.clientId, clientId));
  return rows.reduce((sum, r) => sum + r.quantity, 0);
};

const accepted = (results: PositionResult[]) => results.filter((r) => r.ok).length;

describe("a client's pace of adds and changes", () => {
  it(`lets a burst of ${ORDER_RATE.burst} through, refuses the next in Russian with nothing changed, and lets one more through an interval later`, async () => {
    const client = await seedClient(f.db);
    const mod = await plenty();
    for (let i = 0; i < ORDER_RATE.burst; i++) {
      expect((await f.service.addPosition(client.id, mod.id, 1, null)).ok, `add ${i + 1}`).toBe(true);
    }
    expect(await f.service.addPosition(client.id, mod.id, 1, null)).toEqual(TOO_FAST);
    const [position] = (await f.service.todayOrder(client.id)).positions;
    expect(await f.service.changePosition(client.id, position?.id ?? 0, 3, null)).toEqual(TOO_FAST);
    expect(await unitsOrdered(client.id)).toBe(ORDER_RATE.burst);
    expect(await f.stockOf(mod.id)).toBe(1000 - ORDER_RATE.burst);
    f.clock.advance(INTERVAL_MS - 1);
    expect(await f.service.addPosition(client.id, mod.id, 1, null)).toEqual(TOO_FAST);
    f.clock.advance(1);
    expect((await f.service.addPosition(client.id, mod.id, 1, null)).ok).toBe(true);
    expect(await f.service.addPosition(client.id, mod.id, 1, null)).toEqual(TOO_FAST);
    // Removing takes nothing: it is never paced.
    expect((await f.service.removePosition(client.id, position?.id ?? 0)).ok).toBe(true);
    expect(await f.stockOf(mod.id)).toBe(1000);
    // Another client has an allowance of their own.
    const other = await seedClient(f.db);
    expect((await f.service.addPosition(other.id, mod.id, 1, null)).ok).toBe(true);
    // A quiet spell fills the bucket again, never beyond the burst.
    f.clock.advance(60_000);
    const again = [];
    for (let i = 0; i < ORDER_RATE.burst + 1; i++)
      again.push(await f.service.addPosition(client.id, mod.id, 1, null));
    expect(accepted(again)).toBe(ORDER_RATE.burst);
    expect(again.at(-1)).toEqual(TOO_FAST);
    f.clock.advance(60_000);
  });

  it("counts refused tries too, so a sold-out modification cannot be polled without limit", async () => {
    const client = await seedClient(f.db);
    const soldOut = await plenty({ quantity: 0 });
    const mod = await plenty();
    for (let i = 0; i < ORDER_RATE.burst; i++) {
      expect(await f.service.addPosition(client.id, soldOut.id, 1, null)).toMatchObject({
        code: "out_of_stock",
      });
    }
    expect(await f.service.addPosition(client.id, soldOut.id, 1, null)).toEqual(TOO_FAST);
    expect(await f.service.addPosition(client.id, mod.id, 1, null)).toEqual(TOO_FAST);
    f.clock.advance(INTERVAL_MS);
    expect((await f.service.addPosition(client.id, mod.id, 1, null)).ok).toBe(true);
    f.clock.advance(60_000);
  });

  it("holds for parallel taps and for the bot's reading-once service: exactly the burst goes through", async () => {
    const client = await seedClient(f.db);
    const mod = await plenty();
    const taps = await Promise.all(
      Array.from({ length: 3 * ORDER_RATE.burst }, () => f.service.addPosition(client.id, mod.id, 1, null)),
    );
    expect(accepted(taps)).toBe(ORDER_RATE.burst);
    expect(taps.filter((r) => !r.ok)).toEqual(Array(2 * ORDER_RATE.burst).fill(TOO_FAST));
    expect(await unitsOrdered(client.id)).toBe(ORDER_RATE.burst);

    // The bot reads the client once per update and then takes the lock alone: the same allowance.
    f.clock.advance(60_000);
    const update = () => createOrderingService({ db: f.db, clock: f.clock, readOnce: true });
    const bot = [];
    for (let i = 0; i < ORDER_RATE.burst + 1; i++) {
      const service = update();
      await service.standing(client.id);
      bot.push(await service.addPosition(client.id, mod.id, 1, null));
    }
    expect(accepted(bot)).toBe(ORDER_RATE.burst);
    expect(bot.at(-1)).toEqual(TOO_FAST);
    f.clock.advance(60_000);
  });

  it("is one allowance for two server instances on one database, tapped at once", async () => {
    const second = await secondInstance(f.database, "second instance");
    try {
      const client = await seedClient(f.db);
      const mod = await plenty();
      const instances = [f.service, createOrderingService({ db: second.db, clock: f.clock })];
      const taps = await Promise.all(
        Array.from({ length: 3 * ORDER_RATE.burst }, (_, i) =>
          instances[i % 2]?.addPosition(client.id, mod.id, 1, null),
        ),
      );
      expect(taps.filter((r) => r?.ok)).toHaveLength(ORDER_RATE.burst);
      expect(await unitsOrdered(client.id)).toBe(ORDER_RATE.burst);
      f.clock.advance(INTERVAL_MS);
      expect((await instances[1]?.addPosition(client.id, mod.id, 1, null))?.ok).toBe(true);
      expect(await instances[0]?.addPosition(client.id, mod.id, 1, null)).toEqual(TOO_FAST);
    } finally {
      await second.close();
    }
  });
});
