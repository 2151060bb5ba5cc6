import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAccount } from "../../db/factories/accounts.ts";
import { seedModification } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { orderPositions, orders, outboxMessages, preparedListSends } from "../../db/schema/index.ts";
import { createCollectionService } from "../sales/index.ts";
import { confirmedAdd, NOW, type OrderingFixture, orderingFixture } from "./test-fixture.ts";

/**
 * A client's position joining the day's order after the storehouse collected it: it goes to the storehouse's
 * «Сборка» at once, and the client's «собран» names the positions it covers.
 */
let f: OrderingFixture;
let storehouse: number;
beforeAll(async () => {
  f = await orderingFixture();
  storehouse = (await seedAccount(f.db, { username: "sklad", password: "x".repeat(12), role: "storehouse" }))
    .id;
});
afterAll(() => f.close());

const collection = () => createCollectionService({ db: f.db, clock: f.clock });

const plain = () =>
  seedModification(f.db, {
    quantity: 100,
    tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
  });

/** The client's order of the day and its positions' statuses, oldest first. */
async function orderOf(clientId: number) {
  const [order] = await f.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId));
  if (!order) throw new Error("no order");
  const positions = await f.db
    .select({
      modification: orderPositions.modificationId,
      status: orderPositions.status,
      sentAt: orderPositions.sentToCollectAt,
    })
    .from(orderPositions)
    .where(eq(orderPositions.orderId, order.id))
    .orderBy(orderPositions.id);
  return { id: order.id, positions };
}

/** A client whose first position the office sent and the storehouse collected. */
async function collectedOrder() {
  const client = await seedClient(f.db);
  const first = await plain();
  expect((await confirmedAdd(f.service, client.id, first.id, 2)).ok).toBe(true);
  const { id } = await orderOf(client.id);
  expect((await collection().sendToCollect({ type: "order", order_id: id })).updated).toBe(1);
  expect((await collection().collectOrder(id, storehouse)).updated).toBe(1);
  return { client, id };
}

const collectedNotices = async (orderId: number) =>
  (
    await f.db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, orderId))
  ).map((r) => r.text);

describe("an order the storehouse collected grows", () => {
  it("a tap's new position goes to «Сборка» at once, and the order is back there with it", async () => {
    const { client, id } = await collectedOrder();
    expect(await collectedNotices(id)).toEqual(["Ваш заказ на 20.11.2026 собран (позиций: 1)."]);
    const inCollection = async () =>
      (await collection().collection()).results.flatMap((g) => g.orders).find((o) => o.id === id);
    expect(await inCollection()).toBeUndefined();

    const second = await plain();
    const added = await confirmedAdd(f.service, client.id, second.id, 3);
    // The client is told where it went, not «Добавлен» beside a «собран» they had.
    expect(added.ok && added.position).toMatchObject({
      status: "sent_to_collect",
      statusLabel: "Отправлен на сборку",
    });
    const { positions } = await orderOf(client.id);
    expect(positions.map((p) => p.status)).toEqual(["collected", "sent_to_collect"]);
    expect(positions[1]?.sentAt?.toISOString()).toBe(new Date(NOW).toISOString());

    const back = await inCollection();
    expect(back?.status).toBe("sent_to_collect");
    expect(back?.positions.map((p) => [p.modification, p.status])).toEqual([
      [positions[0]?.modification, "collected"],
      [second.id, "sent_to_collect"],
    ]);

    // Collected too: the second «собран» covers both, the first still says the one it covered.
    expect((await collection().collectOrder(id, storehouse)).updated).toBe(1);
    expect(await collectedNotices(id)).toEqual([
      "Ваш заказ на 20.11.2026 собран (позиций: 1).",
      "Ваш заказ на 20.11.2026 собран (позиций: 2).",
    ]);
  });

  it("a prepared list's lines join it the same way", async () => {
    const { client, id } = await collectedOrder();
    const [send] = await f.db
      .insert(preparedListSends)
      .values({ clientId: client.id, key: crypto.randomUUID(), lines: [] })
      .returning({ id: preparedListSends.id });
    if (!send) throw new Error("no send");
    const [a, b] = [await plain(), await plain()];
    const done = await f.service.addPositions(client.id, [
      {
        modificationId: a.id,
        quantity: 1,
        confirmedPrice: 100,
        applies: { sendId: send.id, place: 0, line: null },
      },
      {
        modificationId: b.id,
        quantity: 2,
        confirmedPrice: 100,
        applies: { sendId: send.id, place: 1, line: null },
      },
    ]);
    expect(done.ok).toBe(true);
    expect((await orderOf(client.id)).positions.map((p) => p.status)).toEqual([
      "collected",
      "sent_to_collect",
      "sent_to_collect",
    ]);
    expect((await collection().collection()).results.flatMap((g) => g.orders).map((o) => o.id)).toContain(id);
  });

  it("an order with positions the office has not sent keeps new ones for the office to send", async () => {
    const client = await seedClient(f.db);
    const [first, second, third] = [await plain(), await plain(), await plain()];
    expect((await confirmedAdd(f.service, client.id, first.id, 1)).ok).toBe(true);
    const { id } = await orderOf(client.id);
    await collection().sendToCollect({ type: "order", order_id: id });
    await collection().collectOrder(id, storehouse);
    // Put in by the office's hand before this add: «Добавлен», not yet sent.
    expect((await confirmedAdd(f.service, client.id, second.id, 1)).ok).toBe(true);
    await f.db
      .update(orderPositions)
      .set({ status: "added", sentToCollectAt: null })
      .where(eq(orderPositions.modificationId, second.id));
    expect((await confirmedAdd(f.service, client.id, third.id, 1)).ok).toBe(true);
    expect((await orderOf(client.id)).positions.map((p) => p.status)).toEqual([
      "collected",
      "added",
      "added",
    ]);
  });

  it("a new order, or one not collected from, opens its positions «Добавлен» as before", async () => {
    const client = await seedClient(f.db);
    const [first, second] = [await plain(), await plain()];
    expect((await confirmedAdd(f.service, client.id, first.id, 1)).ok).toBe(true);
    const { id } = await orderOf(client.id);
    await collection().sendToCollect({ type: "order", order_id: id });
    expect((await confirmedAdd(f.service, client.id, second.id, 1)).ok).toBe(true);
    expect((await orderOf(client.id)).positions.map((p) => p.status)).toEqual(["sent_to_collect", "added"]);
  });
});
