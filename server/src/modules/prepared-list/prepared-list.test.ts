import { ZPreparedListClosedSchema, ZPreparedListSentSchema } from "@wholesale/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import {
  accessRules,
  clients,
  exclusives,
  marketSchedules,
  modifications,
  orderPositions,
  orderRateBuckets,
  orders,
  outboxMessages,
  preparedListLines,
  preparedListSends,
  priceTiers,
  timeIntervals,
} from "../../db/schema/index.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "../../test/app.ts";
import { blockedBy, terminateBackend } from "../../test/postgres-admin.ts";
import { waitFor } from "../../test/wait.ts";
import { orderingCacheCaughtUp } from "../ordering/index.ts";
import { announceListsAtOpening, PREPARED_LIST_NOTICE_KIND, SEND_LIST_CALLBACK } from "./index.ts";

let t: TestApp;
let rub: number;
let scheduleId: number;
beforeAll(async () => {
  // 10:00 in Moscow: the interval schedule below opens at 12:00.
  t = await createTestApp();
  t.clock.set("2026-03-10T07:00:00Z");
  rub = (await seedCurrency(t.db, { name: "Рубль", sign: "₽" })).id;
  const [schedule] = await t.db
    .insert(marketSchedules)
    .values({ name: "Основной", isManuallyOpened: false })
    .returning({ id: marketSchedules.id });
  if (!schedule) throw new Error("no schedule");
  scheduleId = schedule.id;
  await t.db.insert(timeIntervals).values({ scheduleId, startTime: "12:00", endTime: "13:00" });
});
afterAll(() => t.close());

const setMarketOpen = async (open: boolean) => {
  await t.db
    .update(marketSchedules)
    .set({ isManuallyOpened: open })
    .where(eq(marketSchedules.id, scheduleId));
  await orderingCacheCaughtUp(t.db);
};

async function clientCalls(
  values: Parameters<typeof seedClient>[1] = {},
  app: () => FastifyInstance = () => t.app,
) {
  const client = await seedClient(t.db, { allowedPrice: true, ...values });
  const token = await t.app.tokens.signClient({ clientId: client.id, telegramId: client.telegramId ?? 0 });
  const call = async (options: InjectOptions) => {
    await orderingCacheCaughtUp(t.db);
    return app().inject({ ...options, headers: { authorization: `Bearer ${token}` } });
  };
  return { client, token, call };
}

/** 600 ₽ from 1, 540 ₽ from 10. */
const tiered = (values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(t.db, {
    quantity: 100,
    ...values,
    tiers: [
      { currencyId: rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
      { currencyId: rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
    ],
  });

const line = (modification: number, quantity: number, price_kopecks: number | null) => ({
  method: "POST" as const,
  url: "/api/app/list/lines/",
  payload: { modification, quantity, price_kopecks },
});
const sendWith = (key: string) => ({
  method: "POST" as const,
  url: "/api/app/list/send/",
  payload: { idempotency_key: key },
});
const KEY = () => crypto.randomUUID();

const positionsOf = (clientId: number) =>
  t.db
    .select({ modificationId: orderPositions.modificationId, quantity: orderPositions.quantity })
    .from(orderPositions)
    .innerJoin(orders, eq(orders.id, orderPositions.orderId))
    .where(eq(orders.clientId, clientId))
    .orderBy(orderPositions.id);
const stockOf = async (id: number) =>
  (await t.db.select().from(modifications).where(eq(modifications.id, id)))[0]?.quantity;

describe("the prepared list", () => {
  it("is kept on the server while the market is closed and survives a restart", async () => {
    await setMarketOpen(false);
    const { call, token } = await clientCalls();
    const a = await tiered();
    const b = await tiered();
    const first = await call(line(a.id, 3, 60000));
    expect(first.statusCode).toBe(201);
    expect((await call(line(b.id, 12, 54000))).statusCode).toBe(201);
    // The same modification again: its line is set, in its place.
    const again = await call(line(a.id, 4, 60000));
    expect(
      again.json().lines.map((l: { modification: number; quantity: number }) => [l.modification, l.quantity]),
    ).toEqual([
      [a.id, 4],
      [b.id, 12],
    ]);
    expect(again.json().lines[1]).toMatchObject({ price: 540, price_kopecks: 54000, sum: 6480, sold: true });
    expect(again.json().totals).toEqual([{ currency_sign: "₽", amount: 2400 + 6480 }]);
    expect(again.json().market).toMatchObject({ open: false });
    expect(await stockOf(a.id)).toBe(100);

    const other = await buildApp({ db: t.db, clock: t.clock, jwtSecret: TEST_SECRET, webDist: null });
    try {
      const res = await other.inject({
        method: "GET",
        url: "/api/app/list/",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().lines.map((l: { modification: number }) => l.modification)).toEqual([a.id, b.id]);
    } finally {
      await other.close();
    }
  });

  it("the list's brands, catalogue and card are shown while the market is closed", async () => {
    await setMarketOpen(false);
    const { call } = await clientCalls();
    const mod = await tiered({ name: "Видна закрытым" });
    const list = await call({ method: "GET", url: "/api/app/list/catalogue/?search=Видна закрытым" });
    expect(list.json().items.map((i: { id: number }) => i.id)).toEqual([mod.id]);
    // The brand chips too: the order's are none while closed, the list's are the catalogue's.
    const [item] = list.json().items as { brand_id: number; brand_name: string }[];
    expect((await call({ method: "GET", url: "/api/app/brands/" })).json()).toEqual({ results: [] });
    const chips = await call({ method: "GET", url: "/api/app/list/brands/" });
    expect(chips.statusCode).toBe(200);
    expect(chips.json().results).toContainEqual({ id: item?.brand_id, name: item?.brand_name });
    const byBrand = await call({ method: "GET", url: `/api/app/list/catalogue/?brand=${item?.brand_id}` });
    expect(byBrand.json().items.map((i: { id: number }) => i.id)).toContain(mod.id);
    const card = await call({ method: "GET", url: `/api/app/list/modifications/${mod.id}/` });
    expect(card.json()).toMatchObject({ id: mod.id, can_order: true });
    const quote = await call({
      method: "POST",
      url: "/api/app/list/quote/",
      payload: { modification: mod.id, quantity: 10 },
    });
    expect(quote.json()).toMatchObject({ price: 540, price_kopecks: 54000, sum: 5400 });
  });

  it("a closed market refuses the whole list with the opening time, and adds nothing", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const mod = await tiered();
    await call(line(mod.id, 2, 60000));
    const res = await call(sendWith(KEY()));
    expect(res.statusCode).toBe(409);
    const body = ZPreparedListClosedSchema.parse(res.json());
    expect(body.market.next_open_at).toBe("2026-03-10T09:00:00.000Z");
    expect(body.detail).toBe(
      "Маркет закрыт, откроется в 12:00. Список можно отправить, когда маркет откроется.",
    );
    expect(await positionsOf(client.id)).toEqual([]);
    expect(await stockOf(mod.id)).toBe(100);
  });

  it("sends at the opening line by line in order, with the refusals a tap gets, once per key", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const plenty = await tiered();
    const hand = await tiered({ oneHandQuantity: 3, oneHandLimited: true });
    const scarce = await tiered({ quantity: 2 });
    const changed = await tiered();
    for (const [id, q] of [
      [plenty.id, 5],
      [hand.id, 5],
      [scarce.id, 5],
      [changed.id, 1],
    ] as const)
      expect((await call(line(id, q, 60000))).statusCode).toBe(201);
    // The price changes after the client listed the line.
    await t.db
      .update(priceTiers)
      .set({ smallWholesale: 650 })
      .where(and(eq(priceTiers.modificationId, changed.id), eq(priceTiers.quantityFrom, 1)));
    await orderingCacheCaughtUp(t.db);

    await setMarketOpen(true);
    const key = KEY();
    const res = await call(sendWith(key));
    expect(res.statusCode).toBe(200);
    const sent = ZPreparedListSentSchema.parse(res.json());
    expect(sent.results.map((r) => [r.modification, r.status])).toEqual([
      [plenty.id, "added"],
      [hand.id, "refused"],
      [scarce.id, "refused"],
      [changed.id, "refused"],
    ]);
    expect(sent.results[0]).toMatchObject({ quantity: 5, price: 600, currency_sign: "₽" });
    // Each refusal is the one the same tap gets now.
    for (const [i, id] of [
      [1, hand.id],
      [2, scarce.id],
      [3, changed.id],
    ] as const) {
      const tap = await call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification: id, quantity: sent.results[i]?.quantity, price_kopecks: 60000 },
      });
      const result = sent.results[i];
      if (result?.status !== "refused") throw new Error("refused expected");
      expect(result.refusal).toEqual(tap.json());
    }
    const refusals = sent.results.flatMap((r) => (r.status === "refused" ? [r.refusal] : []));
    expect(refusals[0]).toMatchObject({ code: "hand_limit", can_still: 3 });
    expect(refusals[1]).toMatchObject({ code: "out_of_stock" });
    expect(refusals[2]).toMatchObject({ code: "price_changed", quote: { price_kopecks: 65000 } });
    expect(sent.order.positions.map((p) => p.modification)).toEqual([plenty.id]);
    // Every line is named as its position is, refused or added: from the catalogue, not from the send's record.
    const listed = (await call({ method: "GET", url: "/api/app/list/" })).json().lines as {
      modification: number;
      name: string;
    }[];
    for (const result of sent.results.slice(1))
      expect(result.name).toBe(listed.find((l) => l.modification === result.modification)?.name);
    expect(sent.results[0]?.name).toBe(sent.order.positions[0]?.name);
    // The order answered is «Мой заказ» as it stands after the send.
    expect(sent.order).toEqual((await call({ method: "GET", url: "/api/app/order/" })).json());

    // Added lines leave the list; refused ones stay.
    const list = await call({ method: "GET", url: "/api/app/list/" });
    expect(list.json().lines.map((l: { modification: number }) => l.modification)).toEqual([
      hand.id,
      scarce.id,
      changed.id,
    ]);

    // The same key again: the same answers, nothing added.
    const before = await positionsOf(client.id);
    const repeated = await call(sendWith(key));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().results).toEqual(sent.results);
    expect(await positionsOf(client.id)).toEqual(before);
    expect(await stockOf(plenty.id)).toBe(95);

    // Two sends at once with one new key: each line applied once. (A minute on: the client's pace is full.)
    t.clock.advance(60_000);
    await call(line(plenty.id, 2, 60000));
    const twice = KEY();
    const [x, y] = await Promise.all([call(sendWith(twice)), call(sendWith(twice))]);
    expect(x.json().results).toEqual(y.json().results);
    expect(x.json().results.at(-1)).toMatchObject({ modification: plenty.id, status: "added" });
    expect(await stockOf(plenty.id)).toBe(93);
    await setMarketOpen(false);
  });

  it("a send cut off between a line's add and its answer adds nothing again: the line is answered from its record", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const first = await tiered();
    const second = await tiered();
    await call(line(first.id, 5, 60000));
    await call(line(second.id, 4, 60000));
    await setMarketOpen(true);
    const key = KEY();
    const sent = ZPreparedListSentSchema.parse((await call(sendWith(key))).json());
    expect(sent.results.map((r) => r.status)).toEqual(["added", "added"]);
    const positions = await positionsOf(client.id);

    // As if the process died after each line's add committed and before its answer was written: the send's
    // record has no answers, the adds and their records stand. Then the second line's stock runs out, so its
    // add judged again would be refused: the answer is still the add that happened.
    await t.db.update(preparedListSends).set({ answers: [] }).where(eq(preparedListSends.key, key));
    await t.db.update(modifications).set({ quantity: 0 }).where(eq(modifications.id, second.id));
    await orderingCacheCaughtUp(t.db);
    const again = ZPreparedListSentSchema.parse((await call(sendWith(key))).json());
    expect(again.results).toEqual(sent.results);
    expect(await positionsOf(client.id)).toEqual(positions);
    expect(await stockOf(first.id)).toBe(95);
    await setMarketOpen(false);
  });

  it("keeps a send's record seven days: the client's next send after that removes it", async () => {
    await setMarketOpen(false);
    const { client } = await clientCalls();
    // Days pass between the sends: each call signs a token of its moment (one lives 30 minutes).
    const call = async (options: InjectOptions) => {
      await orderingCacheCaughtUp(t.db);
      const token = await t.app.tokens.signClient({
        clientId: client.id,
        telegramId: client.telegramId ?? 0,
      });
      return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    };
    const mod = await tiered();
    const sendsOf = async () =>
      (
        await t.db
          .select()
          .from(preparedListSends)
          .where(eq(preparedListSends.clientId, client.id))
          .orderBy(preparedListSends.id)
      ).map((r) => r.key);
    await call(line(mod.id, 1, 60000));
    await setMarketOpen(true);
    const old = KEY();
    expect((await call(sendWith(old))).statusCode).toBe(200);
    await setMarketOpen(false);
    await call(line(mod.id, 1, 60000));
    t.clock.advance(6 * 86_400_000);
    await setMarketOpen(true);
    const recent = KEY();
    expect((await call(sendWith(recent))).statusCode).toBe(200);
    expect(await sendsOf()).toEqual([old, recent]);
    await setMarketOpen(false);
    await call(line(mod.id, 1, 60000));
    t.clock.advance(2 * 86_400_000);
    await setMarketOpen(true);
    const latest = KEY();
    expect((await call(sendWith(latest))).statusCode).toBe(200);
    expect(await sendsOf()).toEqual([recent, latest]);
    await setMarketOpen(false);
  });

  it("applies lines in list order: an earlier line takes what the day's sum allows", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    await t.db.update(accessRules).set({ totalLimit: 3000 }).where(eq(accessRules.clientId, client.id));
    const first = await tiered();
    const second = await tiered();
    await call(line(second.id, 4, 60000));
    await call(line(first.id, 4, 60000));
    await setMarketOpen(true);
    const sent = (await call(sendWith(KEY()))).json();
    expect(
      sent.results.map((r: { modification: number; status: string }) => [r.modification, r.status]),
    ).toEqual([
      [second.id, "added"],
      [first.id, "refused"],
    ]);
    expect(sent.results[1].refusal).toMatchObject({ code: "total_limit", can_still: 1 });
    await setMarketOpen(false);
  });

  it("sends several lines in one go, each added or refused by its stock on its own, the send one try", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const a = await tiered();
    const scarce = await tiered({ quantity: 2 });
    const grown = await tiered();
    const d = await tiered();
    for (const [id, q] of [
      [a.id, 3],
      [scarce.id, 5],
      [grown.id, 4],
      [d.id, 1],
    ] as const)
      expect((await call(line(id, q, 60000))).statusCode).toBe(201);
    await setMarketOpen(true);
    // A tap before the send: the list's line of it grows that position.
    const tap = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: grown.id, quantity: 2, price_kopecks: 60000 },
    });
    expect(tap.statusCode).toBe(201);
    const sent = ZPreparedListSentSchema.parse((await call(sendWith(KEY()))).json());
    expect(sent.results.map((r) => [r.modification, r.status])).toEqual([
      [a.id, "added"],
      [scarce.id, "refused"],
      [grown.id, "added"],
      [d.id, "added"],
    ]);
    const refusal = sent.results[1]?.status === "refused" ? sent.results[1].refusal : undefined;
    expect(refusal).toMatchObject({ code: "out_of_stock" });
    expect(sent.order.positions.map((p) => [p.modification, p.quantity])).toEqual([
      [grown.id, 6],
      [a.id, 3],
      [d.id, 1],
    ]);
    expect([
      await stockOf(a.id),
      await stockOf(scarce.id),
      await stockOf(grown.id),
      await stockOf(d.id),
    ]).toEqual([97, 2, 94, 99]);
    // The order as the client reads it is the send's, and the scarce line's refusal a tap's now.
    const order = (await call({ method: "GET", url: "/api/app/order/" })).json();
    expect(order).toEqual(sent.order);
    const again = await call({
      method: "POST",
      url: "/api/app/positions/",
      payload: { modification: scarce.id, quantity: 5, price_kopecks: 60000 },
    });
    expect(refusal).toEqual(again.json());
    // The send was one try of the client's allowance, as a tap is: the tap, the send, the tap again.
    const [bucket] = await t.db
      .select()
      .from(orderRateBuckets)
      .where(eq(orderRateBuckets.clientId, client.id));
    expect(bucket?.fullAt.toISOString()).toBe(new Date(t.clock.now().getTime() + 3 * 200).toISOString());
    await setMarketOpen(false);
  });

  it("sends lists of the same scarce goods in opposite orders at once: none waits for ever, nothing oversold", async () => {
    await setMarketOpen(false);
    const first = await tiered({ quantity: 5 });
    const second = await tiered({ quantity: 5 });
    const senders = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const sender = await clientCalls();
        const order = i % 2 === 0 ? [first, second] : [second, first];
        for (const mod of order) expect((await sender.call(line(mod.id, 3, 60000))).statusCode).toBe(201);
        return sender;
      }),
    );
    await setMarketOpen(true);
    const sent = await Promise.all(senders.map((sender) => sender.call(sendWith(KEY()))));
    expect(sent.map((res) => res.statusCode)).toEqual(sent.map(() => 200));
    const added = sent.flatMap((res) =>
      ZPreparedListSentSchema.parse(res.json()).results.flatMap((r) =>
        r.status === "added" ? [r.modification] : [],
      ),
    );
    // Each modification's 5 units hold one line of 3.
    expect(added.sort()).toEqual([first.id, second.id].sort());
    expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([2, 2]);
    await setMarketOpen(false);
  });

  it("a list of 100 lines is one try of the pace: every line added; a send beyond the pace adds nothing", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const mods = [];
    for (let i = 0; i < 100; i++) mods.push(await tiered());
    for (const mod of mods) expect((await call(line(mod.id, 1, 60000))).statusCode).toBe(201);
    await setMarketOpen(true);
    // The service's clock stands still here: nothing of the allowance comes back while the list goes.
    const sent = ZPreparedListSentSchema.parse((await call(sendWith(KEY()))).json());
    expect(sent.results.map((r) => r.status)).toEqual(mods.map(() => "added"));
    expect(await positionsOf(client.id)).toHaveLength(100);
    expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toHaveLength(0);
    // The allowance spent by taps, a send is refused whole: nothing added, its list kept, and the same key
    // later sends it.
    const more = await tiered();
    await setMarketOpen(false);
    expect((await call(line(more.id, 2, 60000))).statusCode).toBe(201);
    await setMarketOpen(true);
    const tap = (id: number) =>
      call({
        method: "POST",
        url: "/api/app/positions/",
        payload: { modification: id, quantity: 1, price_kopecks: 60000 },
      });
    let taps = 0;
    while ((await tap(mods[taps % mods.length]?.id ?? 0)).statusCode === 201) taps++;
    const key = KEY();
    const refused = await call(sendWith(key));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "too_fast",
      detail: expect.stringMatching(/^Слишком много заказов подряд/),
    });
    expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toHaveLength(1);
    expect(await stockOf(more.id)).toBe(100);
    await t.db
      .update(orderRateBuckets)
      .set({ fullAt: t.clock.now() })
      .where(eq(orderRateBuckets.clientId, client.id));
    const later = ZPreparedListSentSchema.parse((await call(sendWith(key))).json());
    expect(later.results.map((r) => [r.modification, r.status])).toEqual([[more.id, "added"]]);
    expect(await stockOf(more.id)).toBe(98);
    await setMarketOpen(false);
  });

  it("a client banned while listing gets nothing", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const mod = await tiered();
    await call(line(mod.id, 2, 60000));
    await t.db.update(clients).set({ banned: true }).where(eq(clients.id, client.id));
    await setMarketOpen(true);
    const res = await call(sendWith(KEY()));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "client_not_allowed" });
    expect(await positionsOf(client.id)).toEqual([]);
    expect(await stockOf(mod.id)).toBe(100);
    await setMarketOpen(false);
  });

  it("holds the price rule per line: the price seen, none for a client not shown prices", async () => {
    await setMarketOpen(false);
    const seer = await clientCalls();
    const blind = await clientCalls({ allowedPrice: false });
    const mod = await tiered();
    await seer.call(line(mod.id, 10, 54000));
    await seer.call(line((await tiered()).id, 1, null));
    const listed = (await blind.call(line(mod.id, 2, null))).json();
    expect(listed.lines[0]).toMatchObject({ price: null, price_kopecks: null, sum: null });
    expect(listed.totals).toBeNull();
    await setMarketOpen(true);
    const seen = (await seer.call(sendWith(KEY()))).json();
    expect(seen.results[0]).toMatchObject({ status: "added", price: 540 });
    // No price confirmed by a client shown prices: refused as a tap without one, with the quote to confirm.
    expect(seen.results[1]).toMatchObject({
      status: "refused",
      refusal: { code: "price_changed", quote: { price_kopecks: 60000 } },
    });
    const blindSent = (await blind.call(sendWith(KEY()))).json();
    expect(blindSent.results[0]).toMatchObject({ status: "added", price: null });
    await setMarketOpen(false);
  });

  it("refuses bad input with a Russian detail and keeps the list", async () => {
    await setMarketOpen(false);
    const { call } = await clientCalls();
    const mod = await tiered();
    await call(line(mod.id, 2, 60000));
    const bad: InjectOptions[] = [
      line(mod.id, 0, 60000),
      line(mod.id, 1.5, 60000),
      line(mod.id, 2, -1),
      {
        method: "POST",
        url: "/api/app/list/lines/",
        payload: { modification: "x", quantity: 1, price_kopecks: null },
      },
      { method: "PUT", url: "/api/app/list/lines/999999/", payload: { quantity: 2, price_kopecks: null } },
      { method: "POST", url: "/api/app/list/send/", payload: { idempotency_key: "not-a-uuid" } },
      { method: "POST", url: "/api/app/list/paste/", payload: { text: "   " } },
    ];
    for (const options of bad) {
      const res = await call(options);
      expect([400, 404], JSON.stringify(options)).toContain(res.statusCode);
      expect(res.json().detail).toMatch(/[А-Яа-яЁё]/);
    }
    const list = (await call({ method: "GET", url: "/api/app/list/" })).json();
    expect(list.lines.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
  });

  it("in a staff preview's dry run prepares and sends a list of its own, answered for real, keeping nothing", async () => {
    await setMarketOpen(false);
    const client = await seedClient(t.db, { allowedPrice: true });
    const previewCalls = async () => {
      const token = await t.app.tokens.signClient({
        clientId: client.id,
        telegramId: client.telegramId ?? 0,
        dryRun: true,
      });
      return async (options: InjectOptions) => {
        await orderingCacheCaughtUp(t.db);
        return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
      };
    };
    const [own, a, b] = [await tiered(), await tiered(), await tiered()];
    // The client's own list, which the preview starts from and never changes.
    await t.db
      .insert(preparedListLines)
      .values({ clientId: client.id, modificationId: own.id, quantity: 1, confirmedPrice: 600, place: 1 });
    const clientsList = async () =>
      (await t.db.select().from(preparedListLines).where(eq(preparedListLines.clientId, client.id))).map(
        (l) => [l.modificationId, l.quantity],
      );
    const call = await previewCalls();
    expect((await call(line(a.id, 2, 60000))).json().lines).toHaveLength(2);
    const listed = (await call(line(b.id, 3, 60000))).json();
    expect(listed.lines.map((l: { modification: number }) => l.modification)).toEqual([own.id, a.id, b.id]);
    const changed = await call({
      method: "PUT",
      url: `/api/app/list/lines/${listed.lines[0].id}/`,
      payload: { quantity: 4, price_kopecks: 60000 },
    });
    expect(changed.json().lines[0]).toMatchObject({ modification: own.id, quantity: 4 });
    expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toHaveLength(3);
    expect(await clientsList()).toEqual([[own.id, 1]]);

    await setMarketOpen(true);
    const sent = await call(sendWith(KEY()));
    expect(sent.statusCode).toBe(200);
    expect(
      sent
        .json()
        .results.map((r: { modification: number; quantity: number; status: string }) => [
          r.modification,
          r.quantity,
          r.status,
        ]),
    ).toEqual([
      [own.id, 4, "added"],
      [a.id, 2, "added"],
      [b.id, 3, "added"],
    ]);
    // The preview's list is sent; nothing of the client's changed: no order, the stock, their own list.
    expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toEqual([]);
    expect(await positionsOf(client.id)).toEqual([]);
    expect([await stockOf(own.id), await stockOf(a.id), await stockOf(b.id)]).toEqual([100, 100, 100]);
    expect(await clientsList()).toEqual([[own.id, 1]]);
    // Another preview starts again from the client's list.
    const again = await previewCalls();
    expect((await again({ method: "GET", url: "/api/app/list/" })).json().lines).toHaveLength(1);
    await setMarketOpen(false);
  });
});

describe("a pasted list", () => {
  it("matches exactly, offers alternatives when ambiguous, and says what it cannot find", async () => {
    await setMarketOpen(false);
    const { call } = await clientCalls();
    const brand = await seedBrand(t.db, { name: "Эппл" });
    const cable = await seedProduct(t.db, { brandId: brand.id, name: "Кабель Lightning" });
    const oneMetre = await tiered({ productId: cable.id, name: "1 м" });
    const twoMetres = await tiered({ productId: cable.id, name: "2 м" });
    const res = await call({
      method: "POST",
      url: "/api/app/list/paste/",
      payload: { text: "Эппл Кабель Lightning 1 м — 10\nКабель Lightning: 3\nНесуществующий товар 5 шт\n" },
    });
    expect(res.statusCode).toBe(200);
    const [exact, ambiguous, missing] = res.json().lines;
    expect(exact).toMatchObject({
      status: "matched",
      quantity: 10,
      match: { modification: oneMetre.id, price_kopecks: 54000 },
    });
    expect(ambiguous).toMatchObject({ status: "ambiguous", quantity: 3, match: null });
    expect(ambiguous.alternatives.map((a: { modification: number }) => a.modification).sort()).toEqual(
      [oneMetre.id, twoMetres.id].sort(),
    );
    expect(missing).toMatchObject({ status: "not_found", quantity: 5, alternatives: [] });
    expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toEqual([]);
  });
});

describe("«Повторить заказ»", () => {
  it("lists every past order's currencies in one order, whichever came first in it", async () => {
    const { call, client } = await clientCalls();
    const usd = (await seedCurrency(t.db, { name: "Доллар", sign: "$" })).id;
    const item = await tiered();
    const of = (day: string, currencyIds: number[]) =>
      seedOrder(t.db, {
        clientId: client.id,
        clientType: 3,
        openedOn: day,
        positions: currencyIds.map((currencyId) => ({
          modificationId: item.id,
          currencyId,
          price: 10,
          quantity: 1,
        })),
      });
    await of("2026-03-07", [usd, rub]);
    await of("2026-03-08", [rub, usd]);
    const history = (await call({ method: "GET", url: "/api/app/orders/" })).json();
    const signs = history.results.map((o: { totals: { currency_sign: string }[] }) =>
      o.totals.map((t) => t.currency_sign),
    );
    expect(signs).toEqual([
      ["₽", "$"],
      ["₽", "$"],
    ]);
  });

  it("fills the list while the market is closed and sends at once while it is open", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const kept = await tiered();
    const gone = await tiered();
    const past = await seedOrder(t.db, {
      clientId: client.id,
      clientType: 3,
      openedOn: "2026-03-09",
      positions: [
        { modificationId: kept.id, currencyId: rub, price: 600, quantity: 2 },
        { modificationId: gone.id, currencyId: rub, price: 600, quantity: 1 },
      ],
    });
    await t.db
      .update(modifications)
      .set({ availableSmallWholesale: false })
      .where(eq(modifications.id, gone.id));
    await orderingCacheCaughtUp(t.db);

    const history = (await call({ method: "GET", url: "/api/app/orders/" })).json();
    expect(history.results[0]).toMatchObject({
      id: past.id,
      day: "2026-03-09",
      totals: [{ currency_sign: "₽", amount: 1800 }],
    });
    expect(history.results[0].positions.map((p: { sold: boolean }) => p.sold)).toEqual([true, false]);

    const listed = (
      await call({
        method: "POST",
        url: `/api/app/orders/${past.id}/repeat/`,
        payload: { idempotency_key: KEY() },
      })
    ).json();
    expect(listed.status).toBe("listed");
    expect(
      listed.list.lines.map((l: { modification: number; quantity: number; sold: boolean }) => [
        l.modification,
        l.quantity,
        l.sold,
      ]),
    ).toEqual([
      [kept.id, 2, true],
      [gone.id, 1, false],
    ]);

    await setMarketOpen(true);
    const sent = (
      await call({
        method: "POST",
        url: `/api/app/orders/${past.id}/repeat/`,
        payload: { idempotency_key: KEY() },
      })
    ).json();
    expect(sent.status).toBe("sent");
    expect(sent.sent.results.map((r: { status: string }) => r.status)).toEqual(["added", "refused"]);
    expect(sent.sent.results[1].refusal).toMatchObject({ code: "not_found" });
    const other = await clientCalls();
    const foreign = await other.call({
      method: "POST",
      url: `/api/app/orders/${past.id}/repeat/`,
      payload: { idempotency_key: KEY() },
    });
    expect(foreign.statusCode).toBe(404);
    await setMarketOpen(false);
  });
});

describe("«Повторить заказ» of an order left without positions", () => {
  it("sends nothing and answers so, under its key", async () => {
    const { call, client } = await clientCalls();
    const past = await seedOrder(t.db, { clientId: client.id, clientType: 3, openedOn: "2026-03-09" });
    await setMarketOpen(true);
    try {
      const key = KEY();
      const repeat = () =>
        call({
          method: "POST",
          url: `/api/app/orders/${past.id}/repeat/`,
          payload: { idempotency_key: key },
        });
      const sent = await repeat();
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ status: "sent", sent: { results: [] } });
      expect((await repeat()).json()).toEqual(sent.json());
      expect(await positionsOf(client.id)).toEqual([]);
    } finally {
      await setMarketOpen(false);
    }
  });
});

describe("the bot at the opening", () => {
  it("offers «Отправить список» once per opening to clients with a list", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const mod = await tiered();
    await call(line(mod.id, 2, 60000));
    const empty = await clientCalls();
    expect(empty.client.id).toBeGreaterThan(0);

    const noticesOf = (clientId: number) =>
      t.db
        .select()
        .from(outboxMessages)
        .where(
          and(eq(outboxMessages.clientId, clientId), eq(outboxMessages.kind, PREPARED_LIST_NOTICE_KIND)),
        );
    expect(await announceListsAtOpening(t.db, t.clock.now())).toBe(0);
    await setMarketOpen(true);
    await announceListsAtOpening(t.db, t.clock.now());
    await announceListsAtOpening(t.db, t.clock.now());
    const notices = await noticesOf(client.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("Маркет открыт. Ваш список к открытию:");
    expect(notices[0]?.replyMarkup).toEqual({
      inline_keyboard: [[{ text: "Отправить список", callback_data: SEND_LIST_CALLBACK }]],
    });
    expect(await noticesOf(empty.client.id)).toEqual([]);
    // Closed and opened again: a new message.
    await setMarketOpen(false);
    await announceListsAtOpening(t.db, t.clock.now());
    await setMarketOpen(true);
    await announceListsAtOpening(t.db, t.clock.now());
    expect(await noticesOf(client.id)).toHaveLength(2);
    await setMarketOpen(false);
  });

  it("its button sends the list: in the preview's dry run nothing is kept, and a second press adds nothing", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const mod = await tiered();
    await call(line(mod.id, 2, 60000));
    await setMarketOpen(true);
    const press = (dryRun: boolean, messageId = 77) =>
      t.call("office", {
        method: "POST",
        url: "/api/bot/preview/",
        payload: {
          client: client.id,
          dry_run: dryRun,
          action: { type: "callback", data: SEND_LIST_CALLBACK, message_id: messageId },
        },
      });
    const dry = await press(true);
    expect(dry.statusCode).toBe(200);
    const text = dry.json().messages.at(-1).text;
    expect(text).toContain("Список отправлен:");
    expect(text).toContain("— 2 шт. по 600 ₽");
    expect(await positionsOf(client.id)).toEqual([]);
    expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toHaveLength(1);

    await press(false);
    await press(false);
    expect(await positionsOf(client.id)).toEqual([{ modificationId: mod.id, quantity: 2 }]);
    expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toEqual([]);
    // Another message's button on the list now empty: the service's own words, not an apology.
    const empty = await press(false, 78);
    expect(empty.json().messages.at(-1).text).toBe("Список пуст: добавьте в него товары.");
    await setMarketOpen(false);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("a send whose database connection is lost midway", () => {
  /**
   * Sends the client's list while `held`'s stock row is held by another connection: once a statement of the
   * send waits on that row, its backend is terminated. Answers the cut-off send's response.
   */
  async function sendCutOff(
    call: (options: InjectOptions) => Promise<LightMyRequestResponse>,
    held: number,
    key: string,
  ) {
    const admin = new pg.Client({ connectionString: t.database.url ?? "" });
    await admin.connect();
    try {
      await admin.query("begin");
      await admin.query("select 1 from modifications where id = $1 for update", [held]);
      const cutOff = call(sendWith(key));
      const waiting = await waitFor("a statement of the send to wait on the row", async () => {
        const pids = await blockedBy(admin);
        return pids.length === 1 ? pids[0] : undefined;
      });
      await terminateBackend(admin, waiting);
      await admin.query("rollback");
      return await cutOff;
    } finally {
      await admin.end();
    }
  }

  it("fails cleanly with nothing applied twice: the same key again adds what was left, once", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const first = await tiered();
    // An exclusive line is added by a statement of its own (add-lines.ts), so the first is added before it.
    const second = await tiered({ exclusive: true });
    await t.db.insert(exclusives).values({ modificationId: second.id, quantity: 50, ratio: 0 });
    await call(line(first.id, 3, 60000));
    await call(line(second.id, 4, 60000));
    await setMarketOpen(true);
    try {
      const key = KEY();
      // The second line's add waits on its modification's row after the first line was added.
      const lost = await sendCutOff(call, second.id, key);
      expect(lost.statusCode).toBe(503);
      expect(lost.json().detail).toBe("База данных временно недоступна. Повторите попытку.");
      expect(await positionsOf(client.id)).toEqual([{ modificationId: first.id, quantity: 3 }]);

      const again = await call(sendWith(key));
      expect(again.statusCode).toBe(200);
      expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(["added", "added"]);
      expect(await positionsOf(client.id)).toEqual([
        { modificationId: first.id, quantity: 3 },
        { modificationId: second.id, quantity: 4 },
      ]);
      expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([97, 96]);
      expect((await call({ method: "GET", url: "/api/app/list/" })).json().lines).toEqual([]);
    } finally {
      await setMarketOpen(false);
    }
  });

  it("loses lines added in one statement together, and the same key again adds each once", async () => {
    await setMarketOpen(false);
    const { call, client } = await clientCalls();
    const first = await tiered();
    const second = await tiered();
    await call(line(first.id, 3, 60000));
    await call(line(second.id, 4, 60000));
    await setMarketOpen(true);
    try {
      const key = KEY();
      // Both lines' statement waits on the second's row, having locked the first's.
      const lost = await sendCutOff(call, second.id, key);
      expect(lost.statusCode).toBe(503);
      expect(await positionsOf(client.id)).toEqual([]);
      expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([100, 100]);

      const again = await call(sendWith(key));
      expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(["added", "added"]);
      expect(await positionsOf(client.id)).toEqual([
        { modificationId: first.id, quantity: 3 },
        { modificationId: second.id, quantity: 4 },
      ]);
      expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([97, 96]);
    } finally {
      await setMarketOpen(false);
    }
  });
});
