import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { exclusives, orderPositions } from "../../db/schema/index.ts";
import { type OrderingFixture, orderingFixture } from "./test-fixture.ts";

let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture();
});
afterAll(() => f.close());

const scarce = (quantity: number, values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(f.db, {
    quantity,
    ...values,
    tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
  });

const ordered = async (modificationId: number) => {
  const [row] = await f.db
    .select({ n: sum(orderPositions.quantity).mapWith(Number) })
    .from(orderPositions)
    .where(eq(orderPositions.modificationId, modificationId));
  return row?.n ?? 0;
};

describe("concurrent orders", () => {
  it("never oversells scarce stock: many clients at once", async () => {
    const mod = await scarce(31);
    const clients = await Promise.all(Array.from({ length: 40 }, () => seedClient(f.db)));
    const results = await Promise.all(clients.map((c) => f.service.addPosition(c.id, mod.id, 3, null)));
    const accepted = results.filter((r) => r.ok).length;
    expect(accepted).toBe(10);
    for (const r of results.filter((x) => !x.ok)) {
      // One unit is left: the stock's figure, so the refusal does not name it.
      expect(r).toMatchObject({
        code: "out_of_stock",
        message: "Столько нет на складе: можно заказать меньше.",
      });
      expect(r).not.toHaveProperty("canStill");
    }
    expect(await f.stockOf(mod.id)).toBe(1);
    expect(await ordered(mod.id)).toBe(30);
  });

  it("keeps one client's hand limit under parallel taps, in one position", async () => {
    const mod = await scarce(100, { oneHandQuantity: 4, oneHandLimited: true });
    const client = await seedClient(f.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => f.service.addPosition(client.id, mod.id, 1, null)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    const order = await f.service.todayOrder(client.id);
    expect(order.positions.map((p) => p.quantity)).toEqual([4]);
    expect(await f.stockOf(mod.id)).toBe(96);
  });

  it("keeps an exclusive pool exact under parallel clients", async () => {
    const mod = await scarce(100, { exclusive: true });
    await f.db.insert(exclusives).values({ modificationId: mod.id, quantity: 7, ratio: 0 });
    const clients = await Promise.all(Array.from({ length: 12 }, () => seedClient(f.db)));
    const results = await Promise.all(clients.map((c) => f.service.addPosition(c.id, mod.id, 2, null)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(await f.poolOf(mod.id)).toBe(1);
    expect(await f.stockOf(mod.id)).toBe(94);
  });

  it("keeps stock exact when adds, changes and removals race", async () => {
    const mod = await scarce(20);
    const holders = await Promise.all(Array.from({ length: 5 }, () => seedClient(f.db)));
    const held = [];
    for (const c of holders) {
      const r = await f.service.addPosition(c.id, mod.id, 2, null);
      if (!r.ok) throw new Error(r.message);
      held.push({ client: c.id, position: r.position.id });
    }
    const buyers = await Promise.all(Array.from({ length: 20 }, () => seedClient(f.db)));
    await Promise.all([
      ...held.map((h, i) =>
        i % 2 === 0
          ? f.service.removePosition(h.client, h.position)
          : f.service.changePosition(h.client, h.position, 5, null),
      ),
      ...buyers.map((b) => f.service.addPosition(b.id, mod.id, 1, null)),
    ]);
    const stock = await f.stockOf(mod.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect((stock ?? 0) + (await ordered(mod.id))).toBe(20);
  });
});
