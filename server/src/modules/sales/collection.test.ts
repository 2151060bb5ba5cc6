import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  type TPositionStatus,
  UNDO_WINDOW_MS,
  ZBulkResultSchema,
  ZCollectionSchema,
  ZUncollectedTransportationListSchema,
} from "@wholesale/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedCurrency, seedModification } from "../../db/factories/catalogue.ts";
import { seedClient, seedTransportation } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { orderPositions, orders, outboxMessages } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { readXlsx } from "../../test/xlsx.ts";
import { COLLECTED_NOTICE_DELAY_MS } from "./status-notices.ts";

const TODAY = "2026-11-20";
let t: TestApp;
let rub: number;
let modificationId: number;

beforeAll(async () => {
  t = await createTestApp();
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  modificationId = (await seedModification(t.db)).id;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(orders);
});

async function order(
  clientId: number,
  clientType: number,
  statuses: TPositionStatus[],
  openedOn = TODAY,
): Promise<{ id: number; positions: number[] }> {
  const o = await seedOrder(t.db, {
    clientId,
    clientType,
    openedOn,
    positions: statuses.map((status) => ({ modificationId, currencyId: rub, status })),
  });
  return { id: o.id, positions: o.positions.map((p) => p.id) };
}

const statuses = async (ids: number[]) => {
  const rows = await t.db
    .select({ id: orderPositions.id, status: orderPositions.status })
    .from(orderPositions)
    .where(inArray(orderPositions.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
};

const send = (payload: object, role: "office" | "storehouse" | "seller" | "superuser" = "office") =>
  t.call(role, { method: "POST", url: "/api/sales/send-to-collect/", payload });

describe("POST /api/sales/send-to-collect/", () => {
  it("sends one order's added positions and says when there is nothing more to send", async () => {
    const client = await seedClient(t.db);
    const mine = await order(client.id, CLIENT_TYPE_SMALL, ["added", "added", "collected"]);
    const other = await order(client.id, CLIENT_TYPE_SMALL, ["added"]);
    const res = await send({ type: "order", order_id: mine.id });
    expect(res.statusCode).toBe(200);
    expect(ZBulkResultSchema.parse(res.json())).toEqual({
      updated: 2,
      detail: "Отправлено на сборку позиций: 2",
    });
    expect(await statuses(mine.positions)).toEqual(["sent_to_collect", "sent_to_collect", "collected"]);
    expect(await statuses(other.positions)).toEqual(["added"]);
    const [row] = await t.db
      .select()
      .from(orderPositions)
      .where(eq(orderPositions.id, mine.positions[0] ?? 0));
    expect(row?.sentToCollectAt?.toISOString()).toBe("2026-11-20T09:00:00.000Z");

    const again = await send({ type: "order", order_id: mine.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      updated: 0,
      detail: "Новых позиций для сборки нет: всё уже отправлено на сборку",
    });
    expect(await statuses(mine.positions)).toEqual(["sent_to_collect", "sent_to_collect", "collected"]);
  });

  it("sends today's orders of a direction only", async () => {
    const north = await seedTransportation(t.db);
    const south = await seedTransportation(t.db);
    const a = await order((await seedClient(t.db, { transportationId: north.id })).id, CLIENT_TYPE_SMALL, [
      "added",
    ]);
    const b = await order(
      (await seedClient(t.db, { transportationId: north.id, clientType: CLIENT_TYPE_LARGE })).id,
      CLIENT_TYPE_LARGE,
      ["added"],
    );
    const old = await order(
      (await seedClient(t.db, { transportationId: north.id })).id,
      CLIENT_TYPE_SMALL,
      ["added"],
      "2026-11-19",
    );
    const c = await order((await seedClient(t.db, { transportationId: south.id })).id, CLIENT_TYPE_SMALL, [
      "added",
    ]);
    const res = await send({ type: "transportation", transportation_id: north.id });
    expect(res.json().updated).toBe(2);
    expect(await statuses([...a.positions, ...b.positions, ...old.positions, ...c.positions])).toEqual([
      "sent_to_collect",
      "sent_to_collect",
      "added",
      "added",
    ]);
    expect((await send({ type: "transportation", transportation_id: north.id })).json().updated).toBe(0);
  });

  it("sends today's orders of one wholesale type, by the type the order was opened with", async () => {
    const client = await seedClient(t.db, { clientType: CLIENT_TYPE_LARGE });
    const small = await order(client.id, CLIENT_TYPE_SMALL, ["added", "sent_to_collect"]);
    const large = await order(client.id, CLIENT_TYPE_LARGE, ["added", "added"]);
    const oldSmall = await order(client.id, CLIENT_TYPE_SMALL, ["added"], "2026-11-19");
    const res = await send({ type: "small_wholesale" });
    expect(res.json()).toEqual({ updated: 1, detail: "Отправлено на сборку позиций: 1" });
    expect(await statuses([...small.positions, ...large.positions, ...oldSmall.positions])).toEqual([
      "sent_to_collect",
      "sent_to_collect",
      "added",
      "added",
      "added",
    ]);
    expect((await send({ type: "large_wholesale" })).json().updated).toBe(2);
    expect((await send({ type: "large_wholesale" })).json().updated).toBe(0);
    expect((await send({ type: "small_wholesale" })).json().updated).toBe(0);
  });

  it("answers 404 for an unknown order or direction", async () => {
    const unknownOrder = await send({ type: "order", order_id: 99_999_999 });
    expect(unknownOrder.statusCode).toBe(404);
    expect(unknownOrder.json().detail).toBe("Заказ не найден");
    const unknownDirection = await send({ type: "transportation", transportation_id: 99_999_999 });
    expect(unknownDirection.statusCode).toBe(404);
    expect(unknownDirection.json().detail).toBe("Направление не найдено");
  });

  it("refuses bad input with per-field errors and changes nothing", async () => {
    const client = await seedClient(t.db);
    const mine = await order(client.id, CLIENT_TYPE_SMALL, ["added"]);
    for (const payload of [
      {},
      { type: "all" },
      { type: "order" },
      { type: "order", order_id: "abc" },
      { type: "order", order_id: -1 },
      { type: "order", order_id: 1e12 },
      { type: "transportation", order_id: mine.id },
      { type: "x".repeat(100_000) },
    ]) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    const invalidJson = await t.call("office", {
      method: "POST",
      url: "/api/sales/send-to-collect/",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(await statuses(mine.positions)).toEqual(["added"]);
  });

  it("is for the office and sellers: the storehouse may not send to collect", async () => {
    expect((await send({ type: "small_wholesale" }, "storehouse")).statusCode).toBe(403);
    expect((await send({ type: "small_wholesale" }, "seller")).statusCode).toBe(200);
    expect((await send({ type: "small_wholesale" }, "superuser")).statusCode).toBe(200);
  });
});

describe("GET /api/sales/send-to-collect/preview/", () => {
  const preview = (query: string, role: "office" | "storehouse" | "seller" = "office") =>
    t.call(role, { method: "GET", url: `/api/sales/send-to-collect/preview/?${query}` });

  it("counts the orders and added positions a send would move, exactly as the send then does", async () => {
    const north = await seedTransportation(t.db);
    const small = await seedClient(t.db, { transportationId: north.id });
    await order(small.id, CLIENT_TYPE_SMALL, ["added", "added", "sent_to_collect"]);
    await order(small.id, CLIENT_TYPE_SMALL, ["added", "collected"]);
    await order(small.id, CLIENT_TYPE_SMALL, ["collected"]);
    await order(small.id, CLIENT_TYPE_SMALL, ["added"], "2026-11-19");
    await order((await seedClient(t.db)).id, CLIENT_TYPE_LARGE, ["added"]);

    const res = await preview("type=small_wholesale");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ orders: 2, positions: 3 });
    expect((await preview(`type=transportation&transportation_id=${north.id}`)).json()).toEqual({
      orders: 2,
      positions: 3,
    });
    expect((await preview("type=large_wholesale", "seller")).json()).toEqual({ orders: 1, positions: 1 });

    expect((await send({ type: "small_wholesale" })).json().updated).toBe(3);
    expect((await preview("type=small_wholesale")).json()).toEqual({ orders: 0, positions: 0 });
  });

  it("refuses the storehouse, bad choices and unknown directions", async () => {
    expect((await preview("type=small_wholesale", "storehouse")).statusCode).toBe(403);
    expect((await preview("type=everything")).statusCode).toBe(400);
    expect((await preview("type=transportation")).statusCode).toBe(400);
    expect((await preview("type=transportation&transportation_id=99999")).statusCode).toBe(404);
  });
});

describe("GET /api/sales/uncollected-transportations/", () => {
  it("lists directions with today's positions still to collect, with counts", async () => {
    const north = await seedTransportation(t.db, { name: "Б-Север" });
    const south = await seedTransportation(t.db, { name: "А-Юг" });
    const done = await seedTransportation(t.db, { name: "В-Готово" });
    await order((await seedClient(t.db, { transportationId: north.id })).id, CLIENT_TYPE_SMALL, [
      "added",
      "sent_to_collect",
      "collected",
    ]);
    await order((await seedClient(t.db, { transportationId: south.id })).id, CLIENT_TYPE_SMALL, [
      "sent_to_collect",
    ]);
    await order((await seedClient(t.db, { transportationId: done.id })).id, CLIENT_TYPE_SMALL, ["collected"]);
    await order(
      (await seedClient(t.db, { transportationId: done.id })).id,
      CLIENT_TYPE_SMALL,
      ["added"],
      "2026-11-19",
    );
    await order((await seedClient(t.db)).id, CLIENT_TYPE_SMALL, ["added"]);
    const res = await t.call("storehouse", { method: "GET", url: "/api/sales/uncollected-transportations/" });
    expect(res.statusCode).toBe(200);
    expect(ZUncollectedTransportationListSchema.parse(res.json()).results).toEqual([
      { id: south.id, name: "А-Юг", added_count: 0, sent_to_collect_count: 1 },
      { id: north.id, name: "Б-Север", added_count: 1, sent_to_collect_count: 1 },
    ]);
  });
});

describe("the storehouse's collection", () => {
  const mark = (
    id: number | string,
    payload: object,
    role: "storehouse" | "seller" | "office" = "storehouse",
  ) => t.call(role, { method: "POST", url: `/api/sales/order-positions/${id}/collect/`, payload });
  const collectOrder = (id: number | string, role: "storehouse" | "seller" = "storehouse") =>
    t.call(role, { method: "POST", url: `/api/sales/orders/${id}/collect/` });

  it("shows today's orders with positions sent to collect, by direction, clients without one last", async () => {
    const north = await seedTransportation(t.db, { name: "Север" });
    const a = await order(
      (await seedClient(t.db, { transportationId: north.id, nickname: "Анна" })).id,
      CLIENT_TYPE_SMALL,
      ["added", "sent_to_collect", "collected"],
    );
    await order((await seedClient(t.db, { transportationId: north.id })).id, CLIENT_TYPE_SMALL, ["added"]);
    await order((await seedClient(t.db, { transportationId: north.id })).id, CLIENT_TYPE_SMALL, [
      "collected",
    ]);
    const loose = await order((await seedClient(t.db)).id, CLIENT_TYPE_LARGE, ["sent_to_collect"]);
    const res = await t.call("storehouse", { method: "GET", url: "/api/sales/collection/" });
    expect(res.statusCode).toBe(200);
    const { results } = ZCollectionSchema.parse(res.json());
    expect(results.map((g) => [g.transportation?.name ?? null, g.orders.map((o) => o.id)])).toEqual([
      ["Север", [a.id]],
      [null, [loose.id]],
    ]);
    expect(results[0]?.orders[0]?.positions.map((p) => p.status)).toEqual(["sent_to_collect", "collected"]);
    // The status is the whole order's: Анна's has a position the office has not sent yet, so ticking what
    // the storehouse sees does not collect it; the other order has nothing else.
    expect(results.map((g) => g.orders[0]?.status)).toEqual(["added", "sent_to_collect"]);
  });

  it("ticks a position collected and back, recording who and when; only what was sent", async () => {
    const mine = await order((await seedClient(t.db)).id, CLIENT_TYPE_SMALL, ["added", "sent_to_collect"]);
    const [added, sent] = mine.positions as [number, number];
    const tick = await mark(sent, { collected: true });
    expect(tick.statusCode).toBe(200);
    expect(tick.json()).toMatchObject({
      id: sent,
      status: "collected",
      collected_at: "2026-11-20T09:00:00.000Z",
    });
    const [row] = await t.db.select().from(orderPositions).where(eq(orderPositions.id, sent));
    expect(row?.collectedBy).toBe((await t.as("storehouse")).id);
    expect((await mark(sent, { collected: true })).json().status).toBe("collected");
    const untick = await mark(sent, { collected: false });
    expect(untick.json()).toMatchObject({ status: "sent_to_collect", collected_at: null });

    const early = await mark(added, { collected: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe("Позиция ещё не отправлена на сборку");
    expect(await statuses([added])).toEqual(["added"]);
  });

  it("tells the client «собран» only after the undo window: a mis-tap taken back within it never reaches them", async () => {
    const notices = async () =>
      (
        await t.db
          .select({ text: outboxMessages.text, due: outboxMessages.nextAttemptAt })
          .from(outboxMessages)
          .where(eq(outboxMessages.kind, "order_collected"))
      ).map((r) => ({ text: r.text, due: r.due.toISOString() }));
    await t.db.delete(outboxMessages);
    const mine = await order((await seedClient(t.db)).id, CLIENT_TYPE_SMALL, ["sent_to_collect"]);
    const [position] = mine.positions as [number];

    expect((await collectOrder(mine.id)).statusCode).toBe(200);
    const waiting = [
      { text: "Ваш заказ на 20.11.2026 собран (позиций: 1).", due: "2026-11-20T09:00:15.000Z" },
    ];
    expect(await notices()).toEqual(waiting);
    expect((await mark(position, { collected: false })).statusCode).toBe(200);
    expect(await notices()).toEqual([]);

    // Ticked again and left: once its window has passed, the notice is the client's.
    expect((await mark(position, { collected: true })).statusCode).toBe(200);
    t.clock.advance(COLLECTED_NOTICE_DELAY_MS);
    expect((await mark(position, { collected: false })).statusCode).toBe(200);
    expect(await notices()).toEqual(waiting);
    t.clock.set("2026-11-20T09:00:00Z");
  });

  it("waits the contract's undo window and more, and takes back only the unticked order's notice", async () => {
    expect(COLLECTED_NOTICE_DELAY_MS).toBeGreaterThan(UNDO_WINDOW_MS);
    await t.db.delete(outboxMessages);
    // Two orders of one client on one day (the back-office can hold a second): the same text, two notices.
    const client = (await seedClient(t.db)).id;
    const first = await order(client, CLIENT_TYPE_SMALL, ["sent_to_collect"]);
    const second = await order(client, CLIENT_TYPE_SMALL, ["sent_to_collect"]);
    expect((await collectOrder(first.id)).statusCode).toBe(200);
    expect((await collectOrder(second.id)).statusCode).toBe(200);
    expect((await mark(first.positions[0] ?? 0, { collected: false })).statusCode).toBe(200);
    const left = await t.db
      .select({ orderId: outboxMessages.orderId, text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "order_collected"));
    expect(left).toEqual([{ orderId: second.id, text: "Ваш заказ на 20.11.2026 собран (позиций: 1)." }]);
  });

  it("collects a whole order's sent positions, and says when nothing is waiting", async () => {
    const mine = await order((await seedClient(t.db)).id, CLIENT_TYPE_SMALL, [
      "added",
      "sent_to_collect",
      "sent_to_collect",
    ]);
    const res = await collectOrder(mine.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, detail: "Собрано позиций: 2" });
    expect(await statuses(mine.positions)).toEqual(["added", "collected", "collected"]);
    expect((await collectOrder(mine.id)).json()).toEqual({
      updated: 0,
      detail: "Позиций, ожидающих сборки, нет",
    });
    expect((await collectOrder(99_999_999)).statusCode).toBe(404);
  });

  it("refuses bad input, unknown ids and sellers", async () => {
    const mine = await order((await seedClient(t.db)).id, CLIENT_TYPE_SMALL, ["sent_to_collect"]);
    const id = mine.positions[0] ?? 0;
    for (const payload of [{}, { collected: "yes" }, { collected: 1 }]) {
      expect((await mark(id, payload)).statusCode).toBe(400);
    }
    expect((await mark("abc", { collected: true })).statusCode).toBe(400);
    expect((await mark(99_999_999, { collected: true })).statusCode).toBe(404);
    expect((await mark(id, { collected: true }, "seller")).statusCode).toBe(403);
    expect((await collectOrder(mine.id, "seller")).statusCode).toBe(403);
    expect((await mark(id, { collected: true }, "office")).statusCode).toBe(200);
  });
});

describe("spreadsheets", () => {
  it("GET /api/sales/report/ streams today's positions with sums per client", async () => {
    const north = await seedTransportation(t.db, { name: "Север-отчёт" });
    const usd = (await seedCurrency(t.db, { name: "Доллар", sign: "$" })).id;
    const alpha = await seedClient(t.db, {
      organizationName: "=HYPERLINK(1)",
      nickname: "Альфа",
      transportationId: north.id,
    });
    const beta = await seedClient(t.db, { organizationName: "Бета", nickname: "Б", offline: true });
    await seedOrder(t.db, {
      clientId: alpha.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: TODAY,
      positions: [
        { modificationId, currencyId: rub, price: 10.5, quantity: 2, modificationName: "Чехол" },
        {
          modificationId,
          currencyId: rub,
          price: 5,
          quantity: 1,
          status: "collected",
          modificationName: "Кабель",
        },
        { modificationId, currencyId: usd, price: 3, quantity: 4, modificationName: "Зарядка" },
      ],
    });
    await seedOrder(t.db, {
      clientId: beta.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: TODAY,
      positions: [{ modificationId, currencyId: rub, price: 7, quantity: 3, modificationName: "Стекло" }],
    });
    await seedOrder(t.db, {
      clientId: beta.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: "2026-11-19",
      positions: [{ modificationId, currencyId: rub, modificationName: "Вчерашнее" }],
    });

    const res = await t.call("storehouse", { method: "GET", url: "/api/sales/report/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent("Заказы_2026-11-20.xlsx")}`,
    );
    const sheet = (await readXlsx(res.rawPayload)).getWorksheet("Заказы");
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual([
      "Клиент",
      "Направление",
      "Брэнд",
      "Товар",
      "Модификация",
      "Количество",
      "Цена",
      "Валюта",
      "Статус",
      "Сумма",
    ]);
    const body = rows.slice(1).map((r) => [r[0], r[4], r[5], r[6], r[7], r[8], r[9]]);
    expect(body).toEqual([
      ["=HYPERLINK(1) (Альфа)", "Чехол", 2, 10.5, "Рубль", "Добавлен", 21],
      ["=HYPERLINK(1) (Альфа)", "Кабель", 1, 5, "Рубль", "Собран", 5],
      ["=HYPERLINK(1) (Альфа)", "Зарядка", 4, 3, "Доллар", "Добавлен", 12],
      ["Итого: =HYPERLINK(1) (Альфа)", undefined, 4, undefined, "Доллар", undefined, 12],
      ["Итого: =HYPERLINK(1) (Альфа)", undefined, 3, undefined, "Рубль", undefined, 26],
      ["Б", "Стекло", 3, 7, "Рубль", "Добавлен", 21],
      ["Итого: Б", undefined, 3, undefined, "Рубль", undefined, 21],
    ]);
    expect(rows[1]?.[1]).toBe("Север-отчёт");
    // The formula-like client name stays text.
    expect(sheet?.getRow(2).getCell(1).type).toBe(3);
    expect(sheet?.getRow(2).getCell(1).formula).toBeUndefined();
  });

  it("GET /api/sales/collection/picking-list/ lists a direction's positions sent to collect", async () => {
    const north = await seedTransportation(t.db, { name: "Север/1" });
    const client = await seedClient(t.db, {
      organizationName: "ООО Альфа",
      nickname: "А",
      transportationId: north.id,
    });
    const o = await seedOrder(t.db, {
      clientId: client.id,
      clientType: CLIENT_TYPE_SMALL,
      openedOn: TODAY,
      positions: [
        {
          modificationId,
          currencyId: rub,
          quantity: 5,
          status: "sent_to_collect",
          modificationName: "Чехол",
        },
        { modificationId, currencyId: rub, quantity: 1, status: "added", modificationName: "Кабель" },
        { modificationId, currencyId: rub, quantity: 2, status: "collected", modificationName: "Стекло" },
      ],
    });
    const res = await t.call("storehouse", {
      method: "GET",
      url: `/api/sales/collection/picking-list/?transportation=${north.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain(
      encodeURIComponent("Сборка_Север_1_2026-11-20.xlsx"),
    );
    const sheet = (await readXlsx(res.rawPayload)).getWorksheet("Сборка");
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows).toEqual([
      ["Заказ", "Клиент", "Модификация", "Количество", "Собрано"],
      [o.id, "ООО Альфа (А)", "Чехол", 5],
    ]);

    const none = await t.call("storehouse", {
      method: "GET",
      url: "/api/sales/collection/picking-list/?transportation=none",
    });
    expect(none.statusCode).toBe(200);
    expect(
      (
        await t.call("storehouse", {
          method: "GET",
          url: "/api/sales/collection/picking-list/?transportation=99999999",
        })
      ).statusCode,
    ).toBe(404);
    for (const query of ["", "transportation=abc", "transportation=-1"]) {
      const bad = await t.call("storehouse", {
        method: "GET",
        url: `/api/sales/collection/picking-list/?${query}`,
      });
      expect(bad.statusCode, query).toBe(400);
    }
  });
});
