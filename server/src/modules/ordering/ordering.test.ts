import { CLIENT_TYPE_LARGE } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { exclusives, orderPositions, orders } from "../../db/schema/index.ts";
import { createOrderService } from "../sales/index.ts";
import {
  confirmedAdd,
  confirmedChange,
  NOW,
  type OrderingFixture,
  orderingFixture,
  TODAY,
} from "./test-fixture.ts";

let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture();
});
afterAll(() => f.close());

/** 600 ₽ from 1, 540 ₽ from 10, 500 ₽ from 50 (small); large 10 ₽ cheaper. */
const tiered = (values: Parameters<typeof seedModification>[1] = {}) =>
  seedModification(f.db, {
    quantity: 100,
    ...values,
    tiers: [
      { currencyId: f.rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
      { currencyId: f.rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
      { currencyId: f.rub, quantityFrom: 50, smallWholesale: 500, largeWholesale: 490 },
    ],
  });

/** A client who may see prices (allowed_price), so results carry the prices these tests check. */
const buyer = (values: Parameters<typeof seedClient>[1] = {}) =>
  seedClient(f.db, { allowedPrice: true, ...values });

const added = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
};

describe("adding a position", () => {
  it("prices it at the tier the quantity reaches, takes the stock and opens the day's order", async () => {
    const client = await buyer();
    const mod = await tiered();
    const r = added(await confirmedAdd(f.service, client.id, mod.id, 12));
    expect(r.position).toMatchObject({
      quantity: 12,
      price: 540,
      currencySign: "₽",
      status: "added",
      statusLabel: "Добавлен",
      sum: 6480,
    });
    expect(await f.stockOf(mod.id)).toBe(88);
    const [order] = await f.db.select().from(orders).where(eq(orders.clientId, client.id));
    expect(order).toMatchObject({ openedOn: TODAY, clientType: client.clientType });
    // The back-office's /orders list shows it.
    const listed = await createOrderService({ db: f.db, clock: f.clock }).list({
      limit: 50,
      offset: 0,
      search: client.nickname,
    });
    expect(listed.results.map((o) => o.id)).toContain(order?.id);
  });

  it("takes an add or a change from a client who sees prices only at a confirmed price", async () => {
    const client = await buyer();
    const mod = await tiered();
    const unconfirmed = await f.service.addPosition(client.id, mod.id, 2, null);
    expect(unconfirmed).toMatchObject({
      ok: false,
      code: "price_changed",
      message: "Подтвердите цену: заказ принимается по цене, которую вы видели.",
      quote: { quantity: 2, price: 600, sum: 1200, currencySign: "₽" },
    });
    expect(await f.stockOf(mod.id)).toBe(100);
    expect(await f.db.select().from(orders).where(eq(orders.clientId, client.id))).toEqual([]);

    const r = added(await f.service.addPosition(client.id, mod.id, 2, 600));
    expect(await f.service.changePosition(client.id, r.position.id, 10, null)).toMatchObject({
      code: "price_changed",
      quote: { quantity: 10, price: 540 },
    });
    expect(await f.stockOf(mod.id)).toBe(98);
    expect(added(await f.service.changePosition(client.id, r.position.id, 10, 540)).position.quantity).toBe(
      10,
    );

    // A client who may not see prices confirms the quantity alone.
    const blind = await seedClient(f.db, { allowedPrice: false });
    expect(added(await f.service.addPosition(blind.id, mod.id, 1, null)).position.price).toBeNull();
  });

  it("adds to the «Добавлен» position of the same modification and re-prices the total", async () => {
    const client = await buyer();
    const mod = await tiered();
    const first = added(await confirmedAdd(f.service, client.id, mod.id, 6));
    expect(first.position.price).toBe(600);
    const second = added(await confirmedAdd(f.service, client.id, mod.id, 6));
    expect(second.position).toMatchObject({ id: first.position.id, quantity: 12, price: 540 });
    expect(second.order.positions).toHaveLength(1);
    expect(second.order.totals).toEqual([{ currencyId: f.rub, currencySign: "₽", amount: 6480 }]);
  });

  it("marks the day's order changed with every position it takes, new or added to", async () => {
    const client = await buyer();
    const mod = await tiered();
    const other = await tiered();
    const updatedAt = async () =>
      (await f.db.select({ at: orders.updatedAt }).from(orders).where(eq(orders.clientId, client.id)))[0]?.at;
    try {
      await confirmedAdd(f.service, client.id, mod.id, 1);
      expect(await updatedAt()).toEqual(new Date(NOW));
      f.clock.advance(60_000);
      await confirmedAdd(f.service, client.id, other.id, 1);
      expect(await updatedAt()).toEqual(new Date(Date.parse(NOW) + 60_000));
      f.clock.advance(60_000);
      await confirmedAdd(f.service, client.id, mod.id, 2);
      expect(await updatedAt()).toEqual(new Date(Date.parse(NOW) + 120_000));
    } finally {
      f.clock.set(NOW);
    }
  });

  it("uses one order per client per day, also one the back-office already holds", async () => {
    const client = await seedClient(f.db);
    const mod = await tiered();
    const other = await tiered();
    const existing = await seedOrder(f.db, { clientId: client.id, clientType: 3, openedOn: TODAY });
    await confirmedAdd(f.service, client.id, mod.id, 1);
    const r = added(await confirmedAdd(f.service, client.id, other.id, 1));
    expect(r.order.orderId).toBe(existing.id);
    expect(await f.db.select().from(orders).where(eq(orders.clientId, client.id))).toHaveLength(1);
  });

  it("refuses bad quantities, unknown modifications and a closed market", async () => {
    const client = await seedClient(f.db);
    const mod = await tiered();
    for (const q of [0, -1, 1.5, 100_001, Number.NaN]) {
      expect(await confirmedAdd(f.service, client.id, mod.id, q)).toMatchObject({
        ok: false,
        code: "bad_quantity",
      });
    }
    expect(await confirmedAdd(f.service, client.id, 999_999, 1)).toMatchObject({
      ok: false,
      code: "not_found",
      message: "Товар не найден.",
    });
    await f.setMarketOpen(false);
    try {
      expect(await confirmedAdd(f.service, client.id, mod.id, 1)).toEqual({
        ok: false,
        code: "market_closed",
        message: "Маркет сейчас закрыт: заказы не принимаются.",
      });
    } finally {
      await f.setMarketOpen(true);
    }
    expect(await f.stockOf(mod.id)).toBe(100);
  });

  it("refuses banned, permanently banned, inactive clients and clients without a type", async () => {
    const mod = await tiered();
    for (const values of [
      { banned: true },
      { permanentBanned: true },
      { isActive: false },
      { clientType: null },
    ]) {
      const client = await seedClient(f.db, values);
      const r = await confirmedAdd(f.service, client.id, mod.id, 1);
      expect(r).toMatchObject({ ok: false, code: "client_not_allowed" });
      expect((await f.service.standing(client.id)).ok).toBe(false);
      expect((await f.service.listBrands(client.id, 1)).items).toEqual([]);
    }
    expect(await f.stockOf(mod.id)).toBe(100);
  });

  it("refuses a quantity below the first sold tier", async () => {
    const client = await buyer();
    const mod = await seedModification(f.db, {
      tiers: [
        { currencyId: f.rub, quantityFrom: 1, smallWholesale: 1, largeWholesale: 590 },
        { currencyId: f.rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
      ],
    });
    expect(await confirmedAdd(f.service, client.id, mod.id, 5)).toMatchObject({
      ok: false,
      code: "bad_quantity",
      message: "Этот товар продаётся от 10 шт.",
    });
    expect(added(await confirmedAdd(f.service, client.id, mod.id, 10)).position.price).toBe(540);
  });
});

describe("stock", () => {
  it("refuses more than the stock without naming it: the card offers the amounts that fit", async () => {
    const client = await seedClient(f.db);
    const mod = await tiered({ quantity: 4 });
    const refused = await confirmedAdd(f.service, client.id, mod.id, 5);
    expect(refused).toMatchObject({
      ok: false,
      code: "out_of_stock",
      message: "Столько нет на складе: можно заказать меньше.",
      // The refusal carries the card as it stands, so the bot answers without reading it again.
      card: { id: mod.id, canOrder: true, upTo: null, quantities: [1], stock: "few" },
    });
    // The 4 the stock still allows is the stock's figure: never told.
    expect(refused).not.toHaveProperty("canStill");
    added(await confirmedAdd(f.service, client.id, mod.id, 4));
    expect(await f.stockOf(mod.id)).toBe(0);
    expect(await confirmedAdd(f.service, client.id, mod.id, 1)).toMatchObject({
      code: "out_of_stock",
      message: "Товар закончился: больше заказать нельзя.",
      canStill: 0,
    });
  });
});

describe("one_hand_quantity", () => {
  it("caps what one client takes of a modification in a day, counting positions sent to collect", async () => {
    const client = await seedClient(f.db);
    const mod = await tiered({ oneHandQuantity: 10, oneHandLimited: true });
    added(await confirmedAdd(f.service, client.id, mod.id, 6));
    expect(await confirmedAdd(f.service, client.id, mod.id, 5)).toMatchObject({
      ok: false,
      code: "hand_limit",
      message: "В одни руки не больше 10 шт. в день: можно ещё 4 шт.",
      canStill: 4,
    });
    // Sent to collect: a new «Добавлен» position would be made, and the day's total still counts.
    await f.db
      .update(orderPositions)
      .set({ status: "sent_to_collect" })
      .where(eq(orderPositions.modificationId, mod.id));
    expect(await confirmedAdd(f.service, client.id, mod.id, 5)).toMatchObject({
      code: "hand_limit",
      canStill: 4,
    });
    const r = added(await confirmedAdd(f.service, client.id, mod.id, 4));
    expect(r.order.positions.map((p) => p.quantity)).toEqual([6, 4]);
    expect(await confirmedAdd(f.service, client.id, mod.id, 1)).toMatchObject({
      message: "В одни руки не больше 10 шт. в день: больше заказать нельзя.",
      canStill: 0,
    });
    // Another client has their own hand.
    const other = await seedClient(f.db);
    added(await confirmedAdd(f.service, other.id, mod.id, 10));
  });
});

describe("total_limit", () => {
  it("caps the day's sum in the position's currency and says how many still fit", async () => {
    const client = await buyer();
    await f.setRules(client.id, { totalLimit: 5000 });
    const mod = await tiered();
    added(await confirmedAdd(f.service, client.id, mod.id, 5)); // 3000 ₽
    // 4 more would make 9 × 600 = 5400 > 5000; 3 more make 4800.
    expect(await confirmedAdd(f.service, client.id, mod.id, 4)).toMatchObject({
      ok: false,
      code: "total_limit",
      message: "Лимит суммы заказа за день — 5 000 ₽: можно ещё 3 шт.",
      canStill: 3,
    });
    added(await confirmedAdd(f.service, client.id, mod.id, 3));
    expect((await f.service.todayOrder(client.id)).totals?.[0]?.amount).toBe(4800);
  });

  it("counts a tier's lower price: 10 units at 540 ₽ fit where 9 at 600 ₽ do not", async () => {
    const client = await buyer();
    await f.setRules(client.id, { totalLimit: 5400 });
    const mod = await tiered();
    expect(added(await confirmedAdd(f.service, client.id, mod.id, 10)).position.sum).toBe(5400);
  });
});

describe("exclusive modifications", () => {
  it("sells no more than the entry's pool across clients, and a removal gives the units back", async () => {
    const mod = await tiered({ exclusive: true });
    await f.db.insert(exclusives).values({ modificationId: mod.id, quantity: 5, ratio: 0 });
    const a = await seedClient(f.db);
    const b = await seedClient(f.db);
    const first = added(await confirmedAdd(f.service, a.id, mod.id, 3));
    expect(await f.poolOf(mod.id)).toBe(2);
    expect(await confirmedAdd(f.service, b.id, mod.id, 3)).toMatchObject({
      ok: false,
      code: "exclusive_limit",
      message: "Лимит эксклюзивного товара: можно ещё 2 шт.",
      canStill: 2,
    });
    added(await f.service.removePosition(a.id, first.position.id));
    expect(await f.poolOf(mod.id)).toBe(5);
    added(await confirmedAdd(f.service, b.id, mod.id, 5));
    expect(await f.stockOf(mod.id)).toBe(95);
  });

  it("ties a client's exclusive units to their other units of the brand by the ratio", async () => {
    const brand = await seedBrand(f.db);
    const product = await seedProduct(f.db, { brandId: brand.id });
    const mod = await tiered({ productId: product.id, exclusive: true });
    const plain = await tiered({ productId: product.id });
    await f.db.insert(exclusives).values({ modificationId: mod.id, quantity: 50, ratio: 0.5 });
    const client = await seedClient(f.db);
    expect(await confirmedAdd(f.service, client.id, mod.id, 1)).toMatchObject({
      code: "exclusive_limit",
      message: "Лимит эксклюзивного товара: больше заказать нельзя.",
      canStill: 0,
    });
    added(await confirmedAdd(f.service, client.id, plain.id, 7));
    expect(await confirmedAdd(f.service, client.id, mod.id, 4)).toMatchObject({
      code: "exclusive_limit",
      canStill: 3,
    });
    added(await confirmedAdd(f.service, client.id, mod.id, 3));
    expect(await f.poolOf(mod.id)).toBe(47);
  });

  it("sells nothing of an exclusive modification without an entry", async () => {
    const mod = await tiered({ exclusive: true });
    const client = await seedClient(f.db);
    expect(await confirmedAdd(f.service, client.id, mod.id, 1)).toMatchObject({
      code: "exclusive_limit",
      canStill: 0,
    });
  });
});

describe("changing and removing", () => {
  it("re-prices a changed quantity and moves stock by the difference", async () => {
    const client = await buyer({ clientType: CLIENT_TYPE_LARGE });
    const mod = await tiered();
    const r = added(await confirmedAdd(f.service, client.id, mod.id, 5));
    expect(r.position.price).toBe(590);
    const up = added(await confirmedChange(f.service, client.id, r.position.id, 60));
    expect(up.position).toMatchObject({ quantity: 60, price: 490, sum: 29400 });
    expect(await f.stockOf(mod.id)).toBe(40);
    const down = added(await confirmedChange(f.service, client.id, r.position.id, 2));
    expect(down.position).toMatchObject({ quantity: 2, price: 590 });
    expect(await f.stockOf(mod.id)).toBe(98);
    expect(await confirmedChange(f.service, client.id, r.position.id, 200)).toEqual({
      ok: false,
      code: "out_of_stock",
      message: "Столько нет на складе: можно заказать меньше.",
    });
  });

  it("removes a position, returns its stock and drops the emptied order", async () => {
    const client = await buyer();
    const mod = await tiered();
    const r = added(await confirmedAdd(f.service, client.id, mod.id, 7));
    const gone = added(await f.service.removePosition(client.id, r.position.id));
    expect(gone.order).toEqual({ orderId: null, day: TODAY, positions: [], totals: [] });
    expect(await f.stockOf(mod.id)).toBe(100);
    expect(await f.db.select().from(orders).where(eq(orders.clientId, client.id))).toEqual([]);
  });

  it("refuses to change or remove a position sent to collect, or another client's", async () => {
    const client = await seedClient(f.db);
    const stranger = await seedClient(f.db);
    const mod = await tiered();
    const r = added(await confirmedAdd(f.service, client.id, mod.id, 3));
    expect(await f.service.removePosition(stranger.id, r.position.id)).toMatchObject({
      code: "not_found",
      message: "Позиция не найдена.",
    });
    expect(await confirmedChange(f.service, stranger.id, r.position.id, 1)).toMatchObject({
      code: "not_found",
    });
    await f.db
      .update(orderPositions)
      .set({ status: "sent_to_collect" })
      .where(eq(orderPositions.id, r.position.id));
    const refusal = {
      ok: false,
      code: "not_changeable",
      message: "Позиция уже отправлена на сборку: изменить её нельзя.",
    };
    expect(await confirmedChange(f.service, client.id, r.position.id, 1)).toEqual(refusal);
    expect(await f.service.removePosition(client.id, r.position.id)).toEqual(refusal);
    expect(await f.stockOf(mod.id)).toBe(97);
    const order = await f.service.todayOrder(client.id);
    expect(order.positions[0]).toMatchObject({ statusLabel: "Отправлен на сборку", changeable: false });
  });

  it("refuses changes once the market has closed", async () => {
    const client = await seedClient(f.db);
    const mod = await tiered();
    const r = added(await confirmedAdd(f.service, client.id, mod.id, 3));
    await f.setMarketOpen(false);
    try {
      expect(await confirmedChange(f.service, client.id, r.position.id, 1)).toMatchObject({
        code: "market_closed",
      });
      expect(await f.service.removePosition(client.id, r.position.id)).toMatchObject({
        code: "market_closed",
      });
    } finally {
      await f.setMarketOpen(true);
    }
    expect(await f.stockOf(mod.id)).toBe(97);
  });

  it("leaves yesterday's order alone: today's positions go to a new order", async () => {
    const client = await seedClient(f.db);
    const mod = await tiered();
    const old = await seedOrder(f.db, {
      clientId: client.id,
      clientType: 3,
      openedOn: "2026-11-19",
      positions: [{ modificationId: mod.id, currencyId: f.rub, quantity: 2 }],
    });
    const oldPosition = old.positions[0]?.id ?? 0;
    expect(await f.service.removePosition(client.id, oldPosition)).toMatchObject({ code: "not_found" });
    const r = added(await confirmedAdd(f.service, client.id, mod.id, 1));
    expect(r.order.orderId).not.toBe(old.id);
  });
});
