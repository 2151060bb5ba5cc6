import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL, ZOrderPageSchema, ZOrderSchema } from "@wholesale/contract";
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient, seedTransportation } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { clients, exclusives, modifications, orderPositions, orders } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { findOrder } from "./order-reads.ts";

const TODAY = "2026-11-20";
let t: TestApp;
let rub: number;
let usd: number;

beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  usd = (await seedCurrency(t.db, { name: "Доллар", sign: "$" })).id;
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.call("seller", { method: "GET", url: `/api/sales/orders/?${query}` });
  expect(res.statusCode).toBe(200);
  return ZOrderPageSchema.parse(res.json());
};
const stockOf = async (id: number) =>
  (await t.db.select().from(modifications).where(eq(modifications.id, id)))[0]?.quantity;

describe("GET /api/sales/orders/", () => {
  let direction: { id: number; name: string };
  beforeAll(async () => {
    direction = await seedTransportation(t.db, { name: "Север" });
    const mod = await seedModification(t.db);
    const smallClients = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        seedClient(t.db, {
          nickname: `Покупатель ${i}`,
          organizationName: i === 0 ? "ООО «Ромашка_100%»" : `ИП Орган ${i}`,
          transportationId: direction.id,
        }),
      ),
    );
    for (const [i, c] of smallClients.entries()) {
      await seedOrder(t.db, {
        clientId: c.id,
        clientType: CLIENT_TYPE_SMALL,
        openedOn: TODAY,
        openedAt: new Date(Date.UTC(2026, 10, 20, 6, i)),
        positions: [
          { modificationId: mod.id, currencyId: rub, price: 10.5, quantity: 2 },
          { modificationId: mod.id, currencyId: rub, price: 100, quantity: 1, status: "sent_to_collect" },
          { modificationId: mod.id, currencyId: usd, price: 3, quantity: 3 },
        ],
      });
    }
    const large = await seedClient(t.db, { clientType: CLIENT_TYPE_LARGE, nickname: "Оптовик" });
    await seedOrder(t.db, {
      clientId: large.id,
      clientType: CLIENT_TYPE_LARGE,
      openedOn: TODAY,
      positions: [{ modificationId: mod.id, currencyId: rub }],
    });
    await seedOrder(t.db, {
      clientId: large.id,
      clientType: CLIENT_TYPE_LARGE,
      openedOn: "2026-11-19",
      positions: [{ modificationId: mod.id, currencyId: rub, status: "collected" }],
    });
  });

  it("pages today's orders of a type, 20 by default, newest first, with next links", async () => {
    const first = await list(`client_type=${CLIENT_TYPE_SMALL}`);
    expect(first.count).toBe(25);
    expect(first.results).toHaveLength(20);
    expect(first.results[0]?.client.nickname).toBe("Покупатель 24");
    expect(first.next).toContain("offset=20");
    expect(first.previous).toBeNull();
    const second = await list(`client_type=${CLIENT_TYPE_SMALL}&offset=20`);
    expect(second.results).toHaveLength(5);
    expect(second.next).toBeNull();
    const ids = new Set([...first.results, ...second.results].map((o) => o.id));
    expect(ids.size).toBe(25);
  });

  it("embeds the client, direction, positions with currency signs and totals per currency", async () => {
    const { results } = await list(`client_type=${CLIENT_TYPE_SMALL}&search=Покупатель 3&limit=1`);
    const order = results[0];
    expect(order).toMatchObject({
      owner: order?.client.id,
      client: { nickname: "Покупатель 3", organization_name: "ИП Орган 3", offline: false, client_type: 3 },
      client_type: 3,
      transportation: { id: direction.id, name: "Север" },
      status: "added",
      opened_on: TODAY,
    });
    expect(order?.positions.map((p) => [p.status, p.currency_sign])).toEqual([
      ["added", "₽"],
      ["sent_to_collect", "₽"],
      ["added", "$"],
    ]);
    expect(order?.total).toEqual([
      { currency: rub, currency_sign: "₽", amount: 121 },
      { currency: usd, currency_sign: "$", amount: 9 },
    ]);
  });

  it("searches organization and nickname without regard to case, LIKE signs literally, and the id", async () => {
    expect((await list("search=покупатель 1")).count).toBe(11);
    expect((await list(`search=${encodeURIComponent("ромашка_100%")}`)).count).toBe(1);
    expect((await list("search=100%25")).count).toBe(1);
    expect((await list("search=_")).count).toBe(1);
    const [one] = (await list("search=Покупатель 7")).results;
    const byId = await list(`search=${one?.client.id}`);
    expect(byId.results.map((o) => o.id)).toContain(one?.id);
    expect((await list("search=нет такого")).results).toEqual([]);
  });

  it("takes another day and every type when no type is given", async () => {
    expect((await list("")).count).toBe(26);
    const yesterday = await list("opened_at=2026-11-19");
    expect(yesterday.count).toBe(1);
    expect(yesterday.results[0]?.status).toBe("collected");
    expect((await list(`client_type=${CLIENT_TYPE_LARGE}`)).count).toBe(1);
    expect((await list("limit=1000")).results).toHaveLength(26);
  });

  it("refuses bad queries with per-field errors", async () => {
    for (const query of [
      "limit=0",
      "limit=1001",
      "limit=abc",
      "offset=-1",
      "client_type=1",
      "client_type=x",
      "opened_at=20.11.2026",
      "opened_at=2026-13-45",
      "opened_at=2026-02-30",
      `search=${"я".repeat(201)}`,
    ]) {
      const res = await t.call("office", { method: "GET", url: `/api/sales/orders/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toBeDefined();
    }
  });

  it("needs a signed-in account", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/sales/orders/" });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/sales/orders/ as one statement: edges, and the same answer as the statements it replaced", () => {
  const DAY = "2026-11-10";
  beforeAll(async () => {
    const mod = await seedModification(t.db);
    const eur = (await seedCurrency(t.db, { name: "Евро", sign: "€" })).id;
    // A client without a direction, whose type was since cleared; and one with a direction.
    const typeless = await seedClient(t.db, { nickname: "Без типа", organizationName: "ЗАО Край" });
    await t.db.update(clients).set({ clientType: null }).where(eq(clients.id, typeless.id));
    const withDirection = await seedClient(t.db, {
      nickname: "Крупный",
      clientType: CLIENT_TYPE_LARGE,
      transportationId: (await seedTransportation(t.db, { name: "Юг" })).id,
    });
    // Timestamps with microseconds: the answer cuts them to milliseconds, as a Date does.
    const mixed = await seedOrder(t.db, {
      clientId: typeless.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: DAY,
      openedAt: new Date("2026-11-10T07:15:42.123Z"),
      positions: [
        { modificationId: mod.id, currencyId: eur, price: 0.01, quantity: 3, status: "collected" },
        { modificationId: mod.id, currencyId: rub, price: 1234.56, quantity: 7, status: "sent_to_collect" },
        { modificationId: mod.id, currencyId: eur, price: 99.99, quantity: 1000, status: "collected" },
      ],
    });
    await t.db.execute(sql`update order_positions set
      sent_to_collect_at = '2026-11-10 08:00:01.999999+00', collected_at = '2026-11-10 09:30:00.000500+00',
      addition_name = 'с гравировкой'
      where order_id = ${mixed.id} and status = 'collected'`);
    await t.db.execute(sql`update order_positions set sent_to_collect_at = '2026-11-10 08:00:00.5+00'
      where order_id = ${mixed.id} and status = 'sent_to_collect'`);
    await seedOrder(t.db, {
      clientId: withDirection.id,
      clientType: CLIENT_TYPE_LARGE,
      openedOn: DAY,
      openedAt: new Date("2026-11-10T07:15:42.123Z"),
      positions: [{ modificationId: mod.id, currencyId: usd, price: 5, quantity: 2, status: "collected" }],
    });
    // An order left without positions (only a race could leave one): status "added", nothing to total.
    await seedOrder(t.db, { clientId: withDirection.id, clientType: CLIENT_TYPE_LARGE, openedOn: DAY });
  });

  /** The orders a filter names, newest first (the later id first at the same moment), read from the tables. */
  const namedOrders = async (query: { type?: number; search?: string }) => {
    const like = query.search && `%${query.search}%`;
    const rows = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(clients, eq(clients.id, orders.clientId))
      .where(
        and(
          eq(orders.openedOn, DAY),
          query.type === undefined ? undefined : eq(orders.clientType, query.type),
          like ? or(ilike(clients.organizationName, like), ilike(clients.nickname, like)) : undefined,
        ),
      )
      .orderBy(desc(orders.openedAt), desc(orders.id));
    return rows.map((r) => r.id);
  };

  it("answers every filter and page in the contract's shape: the filter's count, its orders in turn, each as alone", async () => {
    for (const query of [
      { limit: 20, offset: 0 },
      { limit: 1, offset: 0 },
      { limit: 1, offset: 1 },
      { limit: 2, offset: 1 },
      { type: CLIENT_TYPE_SMALL, limit: 20, offset: 0 },
      { type: CLIENT_TYPE_LARGE, limit: 20, offset: 0 },
      { search: "край", limit: 20, offset: 0 },
      { search: "КРУП", type: CLIENT_TYPE_LARGE, limit: 20, offset: 0 },
    ]) {
      const params = new URLSearchParams({
        opened_at: DAY,
        limit: String(query.limit),
        offset: String(query.offset),
      });
      if (query.type !== undefined) params.set("client_type", String(query.type));
      if (query.search) params.set("search", query.search);
      const res = await t.call("seller", { method: "GET", url: `/api/sales/orders/?${params}` });
      const answer = res.json();
      const what = JSON.stringify(query);
      // The schema strips what it does not know: equal after parsing, the answer has nothing else.
      expect(ZOrderPageSchema.parse(answer), what).toEqual(answer);
      const named = await namedOrders(query);
      expect(answer.count, what).toBe(named.length);
      expect(
        answer.results.map((o: { id: number }) => o.id),
        what,
      ).toEqual(named.slice(query.offset, query.offset + query.limit));
      for (const order of answer.results) expect(order, what).toEqual(await findOrder(t.db, order.id));
    }
  });

  it("cuts timestamps to milliseconds, totals each currency, and shows an order without positions", async () => {
    const { results } = await list(`opened_at=${DAY}`);
    // Newest first, the later id first at the same moment; the empty order was opened earliest.
    expect(results.map((o) => o.status)).toEqual(["collected", "sent_to_collect", "added"]);
    const [, mixed, empty] = results;
    expect(empty).toMatchObject({ positions: [], total: [], transportation: { name: "Юг" } });
    expect(mixed).toMatchObject({
      client: { nickname: "Без типа", client_type: null },
      transportation: null,
      opened_at: "2026-11-10T07:15:42.123Z",
    });
    expect(mixed?.positions.map((p) => [p.sent_to_collect_at, p.collected_at, p.addition_name])).toEqual([
      ["2026-11-10T08:00:01.999Z", "2026-11-10T09:30:00.000Z", "с гравировкой"],
      ["2026-11-10T08:00:00.500Z", null, null],
      ["2026-11-10T08:00:01.999Z", "2026-11-10T09:30:00.000Z", "с гравировкой"],
    ]);
    expect(mixed?.total.map((x) => [x.currency_sign, x.amount])).toEqual([
      ["₽", 8641.92],
      ["€", 99990.03],
    ]);
  });

  it("answers an empty day, and a page past the end with the day's count", async () => {
    expect(await list("opened_at=2026-01-01")).toEqual({ count: 0, next: null, previous: null, results: [] });
    const past = await list(`opened_at=${DAY}&offset=10`);
    expect(past).toMatchObject({ count: 3, next: null, results: [] });
    expect(past.previous).toContain("offset=0");
  });
});

describe("PUT and DELETE /api/sales/order-positions/{id}/", () => {
  async function seeded(stock = 10) {
    const mod = await seedModification(t.db, { quantity: stock });
    const client = await seedClient(t.db);
    const order = await seedOrder(t.db, {
      clientId: client.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: TODAY,
      positions: [
        { modificationId: mod.id, currencyId: rub, price: 100, quantity: 2 },
        { modificationId: mod.id, currencyId: rub, price: 50, quantity: 1, status: "sent_to_collect" },
        { modificationId: mod.id, currencyId: rub, price: 70, quantity: 1, status: "collected" },
      ],
    });
    const [added, sent, collected] = order.positions;
    if (!added || !sent || !collected) throw new Error("positions were not seeded");
    return { mod, order, added, sent, collected };
  }
  const put = (id: number | string, payload: unknown, role: "office" | "storehouse" | "seller" = "office") =>
    t.call(role, { method: "PUT", url: `/api/sales/order-positions/${id}/`, payload: payload as object });
  const del = (id: number | string, role: "office" | "storehouse" | "seller" = "office") =>
    t.call(role, { method: "DELETE", url: `/api/sales/order-positions/${id}/` });

  it("changes price and quantity, the total by the difference, and reserves the extra stock", async () => {
    const { mod, order, added } = await seeded(10);
    const res = await put(added.id, { price: 120.5, quantity: 5 });
    expect(res.statusCode).toBe(200);
    const body = ZOrderSchema.parse(res.json());
    expect(body.id).toBe(order.id);
    expect(body.positions.find((p) => p.id === added.id)).toMatchObject({ price: 120.5, quantity: 5 });
    // 400 + 50 + 70 before; the position goes from 2 × 100 to 5 × 120.5.
    expect(body.total).toEqual([{ currency: rub, currency_sign: "₽", amount: 722.5 }]);
    expect(await stockOf(mod.id)).toBe(7);

    const back = await put(added.id, { price: 120.5, quantity: 1 });
    expect(back.statusCode).toBe(200);
    expect(await stockOf(mod.id)).toBe(11);
  });

  it("edits a position sent to collect too", async () => {
    const { sent } = await seeded();
    expect((await put(sent.id, { price: 1, quantity: 1 })).statusCode).toBe(200);
  });

  it("refuses more than the stock holds, leaving everything as it was", async () => {
    const { mod, added } = await seeded(3);
    const res = await put(added.id, { price: 100, quantity: 6 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("Недостаточно товара на складе: в наличии 3 шт.");
    expect(await stockOf(mod.id)).toBe(3);
    const [row] = await t.db.select().from(orderPositions).where(eq(orderPositions.id, added.id));
    expect(row?.quantity).toBe(2);
    expect((await put(added.id, { price: 100, quantity: 5 })).statusCode).toBe(200);
    expect(await stockOf(mod.id)).toBe(0);
  });

  it("two concurrent edits cannot both spend the last units", async () => {
    const mod = await seedModification(t.db, { quantity: 3 });
    const client = await seedClient(t.db);
    const order = await seedOrder(t.db, {
      clientId: client.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: TODAY,
      positions: [
        { modificationId: mod.id, currencyId: rub, quantity: 1 },
        { modificationId: mod.id, currencyId: rub, quantity: 1 },
      ],
    });
    const results = await Promise.all(order.positions.map((p) => put(p.id, { price: 100, quantity: 4 })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(mod.id)).toBe(0);
  });

  it("refuses to edit or delete a collected position", async () => {
    const { mod, collected } = await seeded();
    const edit = await put(collected.id, { price: 1, quantity: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().detail).toBe("Позиция уже собрана: изменить её нельзя");
    const remove = await del(collected.id);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().detail).toBe("Позиция уже собрана: удалить её нельзя");
    expect(await stockOf(mod.id)).toBe(10);
  });

  it("deletes a position, returning its quantity to stock; the total drops by its sum", async () => {
    const { mod, order, added, sent } = await seeded(10);
    expect((await del(added.id)).statusCode).toBe(204);
    expect(await stockOf(mod.id)).toBe(12);
    const { results } = await list(`search=${order.clientId}`);
    expect(results[0]?.total).toEqual([{ currency: rub, currency_sign: "₽", amount: 120 }]);
    expect((await del(added.id)).statusCode).toBe(404);
    expect((await del(sent.id)).statusCode).toBe(204);
  });

  it("removes an order with its last position", async () => {
    const mod = await seedModification(t.db, { quantity: 0 });
    const client = await seedClient(t.db);
    const order = await seedOrder(t.db, {
      clientId: client.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: TODAY,
      positions: [{ modificationId: mod.id, currencyId: rub, quantity: 4 }],
    });
    expect((await del(order.positions[0]?.id ?? 0)).statusCode).toBe(204);
    expect(await t.db.select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
    expect(await stockOf(mod.id)).toBe(4);
  });

  it("refuses bad input without changing anything", async () => {
    const { mod, added } = await seeded();
    for (const payload of [
      {},
      { price: 10 },
      { quantity: 1 },
      { price: "10", quantity: 1 },
      { price: 10, quantity: 1.5 },
      { price: 10, quantity: 0 },
      { price: -1, quantity: 1 },
      { price: 1e12, quantity: 1 },
      { price: 10, quantity: 10_000_000 },
      { price: "x".repeat(100_000), quantity: 1 },
    ]) {
      const res = await put(added.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
    expect((await put("abc", { price: 1, quantity: 1 })).statusCode).toBe(400);
    expect((await put(99_999_999, { price: 1, quantity: 1 })).statusCode).toBe(404);
    expect((await put("99999999999", { price: 1, quantity: 1 })).statusCode).toBe(400);
    expect((await del("abc")).statusCode).toBe(400);
    expect(await stockOf(mod.id)).toBe(10);
    const [row] = await t.db.select().from(orderPositions).where(eq(orderPositions.id, added.id));
    expect(row).toMatchObject({ price: 100, quantity: 2 });
  });

  it("moves an exclusive modification's pool with its stock, refusing more than the pool holds", async () => {
    const mod = await seedModification(t.db, { quantity: 20, exclusive: true });
    const [entry] = await t.db.insert(exclusives).values({ modificationId: mod.id, quantity: 3 }).returning();
    const poolOf = async () =>
      (
        await t.db
          .select()
          .from(exclusives)
          .where(eq(exclusives.id, entry?.id ?? 0))
      )[0]?.quantity;
    const client = await seedClient(t.db);
    const order = await seedOrder(t.db, {
      clientId: client.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: TODAY,
      positions: [
        { modificationId: mod.id, currencyId: rub, quantity: 2 },
        { modificationId: mod.id, currencyId: rub, quantity: 1 },
      ],
    });
    const [first, second] = order.positions;
    if (!first || !second) throw new Error("positions were not seeded");

    expect((await put(first.id, { price: 100, quantity: 4 })).statusCode).toBe(200);
    expect([await stockOf(mod.id), await poolOf()]).toEqual([18, 1]);
    const over = await put(first.id, { price: 100, quantity: 6 });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toBe("Недостаточно эксклюзивного товара: осталось 1 шт.");
    expect([await stockOf(mod.id), await poolOf()]).toEqual([18, 1]);

    expect((await put(first.id, { price: 100, quantity: 1 })).statusCode).toBe(200);
    expect([await stockOf(mod.id), await poolOf()]).toEqual([21, 4]);
    expect((await del(second.id)).statusCode).toBe(204);
    expect([await stockOf(mod.id), await poolOf()]).toEqual([22, 5]);
  });

  it("is for the office and sellers: the storehouse may not change orders", async () => {
    const { added } = await seeded();
    expect((await put(added.id, { price: 1, quantity: 1 }, "storehouse")).statusCode).toBe(403);
    expect((await del(added.id, "storehouse")).statusCode).toBe(403);
    expect((await put(added.id, { price: 5, quantity: 1 }, "seller")).statusCode).toBe(200);
    expect((await del(added.id, "seller")).statusCode).toBe(204);
  });
});
