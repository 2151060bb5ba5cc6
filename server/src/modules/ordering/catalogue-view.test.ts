import { CLIENT_TYPE_LARGE } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient, seedGroup, seedTransportation } from "../../db/factories/clients.ts";
import {
  additions,
  modificationClients,
  modificationGroups,
  modificationTransportations,
  orderPositions,
} from "../../db/schema/index.ts";
import { PAGE_SIZE } from "./statements/catalogue-lists.ts";
import { confirmedAdd, confirmedChange, type OrderingFixture, orderingFixture } from "./test-fixture.ts";

let f: OrderingFixture;
beforeAll(async () => {
  f = await orderingFixture();
});
afterAll(() => f.close());

const tiers = () => [
  { currencyId: f.rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
  { currencyId: f.rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
];

/** A brand of its own with one product, so list assertions see only this test's rows. */
async function shelf(brandName?: string) {
  const brand = await seedBrand(f.db, brandName ? { name: brandName } : {});
  const product = await seedProduct(f.db, { brandId: brand.id });
  const mod = (values: Parameters<typeof seedModification>[1] = {}) =>
    seedModification(f.db, { productId: product.id, tiers: tiers(), ...values });
  return { brand, product, mod };
}

const modIds = async (clientId: number, productId: number) =>
  (await f.service.listModifications(clientId, productId, 1)).items.map((m) => m.id);

describe("visibility", () => {
  it("hides the client's banned brands from lists, search and ordering", async () => {
    const { brand, product, mod } = await shelf("Запретный брэнд");
    const m = await mod({ name: "Скрытая" });
    const client = await seedClient(f.db);
    const other = await seedClient(f.db);
    await f.setRules(client.id, { bannedBrands: ["Запретный брэнд"] });
    const brandsOf = async (id: number) => {
      const all = [];
      for (let page = 1, pages = 1; page <= pages; page++) {
        const p = await f.service.listBrands(id, page);
        pages = p.pages;
        all.push(...p.items.map((b) => b.id));
      }
      return all;
    };
    expect(await brandsOf(client.id)).not.toContain(brand.id);
    expect(await brandsOf(other.id)).toContain(brand.id);
    expect((await f.service.listProducts(client.id, brand.id, 1)).items).toEqual([]);
    expect((await f.service.listProducts(other.id, brand.id, 1)).items.map((p) => p.id)).toEqual([
      product.id,
    ]);
    expect(await modIds(client.id, product.id)).toEqual([]);
    expect((await f.service.searchModifications(client.id, "Скрытая", 1)).items).toEqual([]);
    expect((await f.service.searchModifications(other.id, "скрытая", 1)).items.map((x) => x.id)).toEqual([
      m.id,
    ]);
    expect(await f.service.getModification(client.id, m.id)).toBeNull();
    expect(await confirmedAdd(f.service, client.id, m.id, 1)).toMatchObject({ code: "not_found" });
  });

  it("shows a restricted modification only to its clients, groups and directions", async () => {
    const { product, mod } = await shelf();
    const open = await mod({ name: "Для всех" });
    const restricted = await mod({ name: "Для своих" });
    const group = await seedGroup(f.db);
    const direction = await seedTransportation(f.db);
    const named = await seedClient(f.db);
    const inGroup = await seedClient(f.db, { groupId: group.id });
    const onDirection = await seedClient(f.db, { transportationId: direction.id });
    const outsider = await seedClient(f.db, { groupId: (await seedGroup(f.db)).id });
    await f.db.insert(modificationClients).values({ modificationId: restricted.id, clientId: named.id });
    await f.db.insert(modificationGroups).values({ modificationId: restricted.id, groupId: group.id });
    await f.db
      .insert(modificationTransportations)
      .values({ modificationId: restricted.id, transportationId: direction.id });
    for (const c of [named, inGroup, onDirection]) {
      expect(await modIds(c.id, product.id)).toEqual([open.id, restricted.id]);
    }
    expect(await modIds(outsider.id, product.id)).toEqual([open.id]);
    expect(await confirmedAdd(f.service, outsider.id, restricted.id, 1)).toMatchObject({
      code: "not_found",
    });
    expect((await confirmedAdd(f.service, inGroup.id, restricted.id, 1)).ok).toBe(true);
  });

  it("hides a type whose availability is false, and shows null as «not on sale yet»", async () => {
    const { product, mod } = await shelf();
    const smallOff = await mod({ name: "А", availableSmallWholesale: false });
    const smallUndecided = await mod({ name: "Б", availableSmallWholesale: null });
    const small = await seedClient(f.db);
    const large = await seedClient(f.db, { clientType: CLIENT_TYPE_LARGE });
    expect(await modIds(small.id, product.id)).toEqual([smallUndecided.id]);
    expect(await modIds(large.id, product.id)).toEqual([smallOff.id, smallUndecided.id]);
    expect(await confirmedAdd(f.service, small.id, smallOff.id, 1)).toMatchObject({ code: "not_found" });
    expect(await confirmedAdd(f.service, small.id, smallUndecided.id, 1)).toMatchObject({
      ok: false,
      code: "not_sold",
      message: "Этот товар сейчас не продаётся.",
    });
    expect(await f.service.getModification(small.id, smallUndecided.id)).toMatchObject({
      canOrder: false,
      reason: "Этот товар сейчас не продаётся.",
    });
    expect((await confirmedAdd(f.service, large.id, smallOff.id, 1)).ok).toBe(true);
  });

  it("keeps a sold-out modification in sight, «нет в наличии», after those in stock", async () => {
    const { brand, product, mod } = await shelf("Распроданный брэнд");
    const inStock = await mod({ name: "Я в наличии", quantity: 5 });
    // Staff's moves force both flags false below one unit (catalogue/availability.ts).
    const soldOut = { quantity: 0, availableSmallWholesale: false, availableLargeWholesale: false };
    const gone = await mod({ name: "А распродана", ...soldOut });
    const largeOnly = await mod({
      name: "Б только крупным",
      ...soldOut,
      tiers: [{ currencyId: f.rub, quantityFrom: 1, smallWholesale: 1, largeWholesale: 590 }],
    });
    const someoneElses = await mod({ name: "В чужая", ...soldOut });
    await f.db.insert(modificationClients).values({
      modificationId: someoneElses.id,
      clientId: (await seedClient(f.db)).id,
    });
    const small = await seedClient(f.db, { allowedPrice: true });
    const large = await seedClient(f.db, { clientType: CLIENT_TYPE_LARGE });
    const banned = await seedClient(f.db);
    await f.setRules(banned.id, { bannedBrands: [brand.name] });

    expect(await modIds(small.id, product.id)).toEqual([inStock.id, gone.id]);
    expect(await modIds(large.id, product.id)).toEqual([inStock.id, gone.id, largeOnly.id]);
    expect(await modIds(banned.id, product.id)).toEqual([]);
    const found = await f.service.searchModifications(small.id, "распроданный", 1);
    expect(found.items.map((m) => [m.id, m.stock])).toEqual([
      [inStock.id, "few"],
      [gone.id, "none"],
    ]);
    const rows = await f.service.catalogue(small.id, { brandId: brand.id }, 1);
    expect(rows.items.map((m) => [m.id, m.stock, m.price, m.fromQuantity])).toEqual([
      [inStock.id, "few", 600, 1],
      [gone.id, "none", 600, 1],
    ]);
    expect(await f.service.getModification(small.id, gone.id)).toMatchObject({
      stock: "none",
      canOrder: false,
      reason: "Товар закончился: больше заказать нельзя.",
    });
    expect(await f.service.getModification(small.id, largeOnly.id)).toBeNull();
    expect(await f.service.getModification(small.id, someoneElses.id)).toBeNull();
    expect(await confirmedAdd(f.service, small.id, gone.id, 1)).toMatchObject({ code: "out_of_stock" });
    expect(await f.stockOf(gone.id)).toBe(0);
  });

  it("does not sell a tier whose price is 1 or whose flag is off for the type", async () => {
    const { mod } = await shelf();
    const m = await mod({
      tiers: [
        { currencyId: f.rub, quantityFrom: 1, smallWholesale: 1, largeWholesale: 590 },
        {
          currencyId: f.rub,
          quantityFrom: 5,
          smallWholesale: 560,
          largeWholesale: 580,
          availableSmallWholesale: false,
        },
        { currencyId: f.rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
      ],
    });
    const small = await seedClient(f.db, { allowedPrice: true });
    const view = await f.service.getModification(small.id, m.id);
    expect(view?.tiers).toEqual([
      { fromQuantity: 10, price: 540, currencyId: f.rub, currencySign: "₽", list: "small", orderable: true },
    ]);
    expect(await confirmedAdd(f.service, small.id, m.id, 7)).toMatchObject({
      code: "bad_quantity",
      message: "Этот товар продаётся от 10 шт.",
    });
  });

  it("pages lists by eight, ordered by name", async () => {
    const { product, mod } = await shelf();
    const made = [];
    for (let i = 0; i < PAGE_SIZE + 3; i++)
      made.push(await mod({ name: `Вариант ${String(i).padStart(2, "0")}` }));
    const client = await seedClient(f.db);
    const one = await f.service.listModifications(client.id, product.id, 1);
    const two = await f.service.listModifications(client.id, product.id, 2);
    expect([one.page, one.pages, two.page, two.pages]).toEqual([1, 2, 2, 2]);
    expect([...one.items, ...two.items].map((m) => m.id)).toEqual(made.map((m) => m.id));
    expect((await f.service.listModifications(client.id, product.id, 9)).page).toBe(2);
  });
});

describe("the client's view of a modification", () => {
  it("shows the client's list tiers, stock state, addition and how many it may order", async () => {
    const { mod } = await shelf();
    const m = await mod({ quantity: 8, specifications: "8 ГБ", oneHandQuantity: 5, oneHandLimited: true });
    await f.db
      .insert(additions)
      .values({ modificationId: m.id, description: "Зарядка", smallWholesale: 300, largeWholesale: 250 });
    const client = await seedClient(f.db, { allowedPrice: true });
    const view = await f.service.getModification(client.id, m.id);
    expect(view).toMatchObject({
      id: m.id,
      specifications: "8 ГБ",
      stock: "few",
      canOrder: true,
      upTo: 5,
      reason: null,
      addition: { description: "Зарядка", price: 300, currencySign: "₽" },
      tiers: [
        { fromQuantity: 1, price: 600, list: "small", orderable: true },
        { fromQuantity: 10, price: 540, list: "small", orderable: true },
      ],
    });
    await confirmedAdd(f.service, client.id, m.id, 5);
    expect(await f.service.getModification(client.id, m.id)).toMatchObject({
      canOrder: false,
      stock: "few",
      reason: "В одни руки не больше 5 шт. в день: больше заказать нельзя.",
    });
    const empty = await mod({ quantity: 0 });
    expect(await f.service.getModification(client.id, empty.id)).toMatchObject({
      stock: "none",
      canOrder: false,
    });
    expect((await f.service.getModification(client.id, (await mod({ quantity: 11 })).id))?.stock).toBe(
      "in_stock",
    );
  });
});

describe("the card's quantities and quote", () => {
  it("offers only amounts adding would accept: from the first sold tier, within every limit", async () => {
    const { mod } = await shelf();
    const fromTen = await mod({
      quantity: 30,
      tiers: [
        { currencyId: f.rub, quantityFrom: 1, smallWholesale: 1, largeWholesale: 590 },
        { currencyId: f.rub, quantityFrom: 10, smallWholesale: 540, largeWholesale: 530 },
      ],
    });
    const client = await seedClient(f.db, { allowedPrice: true });
    expect((await f.service.getModification(client.id, fromTen.id))?.quantities).toEqual([10, 20]);
    for (const quantity of [1, 5, 50])
      expect((await confirmedAdd(f.service, client.id, fromTen.id, quantity)).ok).toBe(false);
    // Holding 10, any amount up to the 20 left completes a sold quantity.
    expect((await confirmedAdd(f.service, client.id, fromTen.id, 10)).ok).toBe(true);
    expect((await f.service.getModification(client.id, fromTen.id))?.quantities).toEqual([1, 5, 10, 20]);

    // A day's sum cap with a steep tier: 10 units (1 000 ₽) fit where 5 (3 000 ₽) do not.
    const steep = await mod({
      tiers: [
        { currencyId: f.rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 590 },
        { currencyId: f.rub, quantityFrom: 10, smallWholesale: 100, largeWholesale: 90 },
      ],
    });
    const capped = await seedClient(f.db);
    await f.setRules(capped.id, { totalLimit: 1000 });
    const view = await f.service.getModification(capped.id, steep.id);
    expect(view).toMatchObject({ canOrder: true, upTo: 10, quantities: [1, 10] });
    expect(await confirmedAdd(f.service, capped.id, steep.id, 5)).toMatchObject({ code: "total_limit" });
  });

  it("prices the chosen quantity as the position it makes, only for a client who sees prices", async () => {
    const { mod } = await shelf();
    const m = await mod();
    const client = await seedClient(f.db, { allowedPrice: true });
    const quoteOf = async (clientId: number, quantity: number) => {
      const preview = await f.service.previewAdd(clientId, m.id, quantity);
      return preview.ok ? preview.quote : preview;
    };
    expect(await quoteOf(client.id, 10)).toEqual({ quantity: 10, price: 540, sum: 5400, currencySign: "₽" });
    await confirmedAdd(f.service, client.id, m.id, 6);
    expect(await quoteOf(client.id, 6)).toEqual({ quantity: 12, price: 540, sum: 6480, currencySign: "₽" });
    const hidden = await seedClient(f.db);
    expect(await quoteOf(hidden.id, 10)).toEqual({ quantity: 10, price: null, sum: null, currencySign: "₽" });
  });

  it("judges a quantity before it is confirmed, and names no figure the stock alone sets", async () => {
    const { mod } = await shelf();
    const m = await mod({ quantity: 30 });
    const client = await seedClient(f.db, { allowedPrice: true });
    expect(await f.service.getModification(client.id, m.id)).toMatchObject({ canOrder: true, upTo: null });
    expect(await f.service.previewAdd(client.id, m.id, 50)).toMatchObject({
      ok: false,
      code: "out_of_stock",
      message: "Столько нет на складе: можно заказать меньше.",
      card: { id: m.id, quantities: [1, 5, 10, 20] },
    });
    expect(await f.service.previewAdd(client.id, m.id, 100_001)).toMatchObject({ code: "bad_quantity" });
    expect(await f.stockOf(m.id)).toBe(30);
    // A limit of the client's own is named: the hand limit here, tighter than the stock.
    const limited = await mod({ quantity: 30, oneHandQuantity: 12, oneHandLimited: true });
    expect(await f.service.getModification(client.id, limited.id)).toMatchObject({
      canOrder: true,
      upTo: 12,
    });
    expect(await f.service.previewAdd(client.id, limited.id, 13)).toMatchObject({
      message: "В одни руки не больше 12 шт. в день: можно ещё 12 шт.",
    });
  });
});

describe("price lists", () => {
  it("hides prices without allowed_price, but still sells at the list price", async () => {
    const { mod } = await shelf();
    const m = await mod();
    const client = await seedClient(f.db, { allowedPrice: false });
    const view = await f.service.getModification(client.id, m.id);
    expect(view?.tiers.map((t) => t.price)).toEqual([null, null]);
    // No answer to the client carries a price, a sum or a total: no view of it can show one.
    const r = await confirmedAdd(f.service, client.id, m.id, 1);
    if (!r.ok) throw new Error(r.message);
    expect(r.position).toMatchObject({ quantity: 1, price: null, sum: null });
    expect(r.order.totals).toBeNull();
    const changed = await confirmedChange(f.service, client.id, r.position.id, 10);
    expect(changed.ok && [changed.position.price, changed.order.totals]).toEqual([null, null]);
    const order = await f.service.todayOrder(client.id);
    expect(order.positions.map((p) => [p.price, p.sum])).toEqual([[null, null]]);
    expect(order.totals).toBeNull();
    // Staff see what it was recorded at.
    const [row] = await f.db.select().from(orderPositions).where(eq(orderPositions.id, r.position.id));
    expect(row?.price).toBe(540);
  });

  it("applies the group's surcharge only with allowed_price_w_markup, shown and charged alike", async () => {
    const { mod } = await shelf();
    const m = await mod();
    const group = await seedGroup(f.db, { surcharge: 1.05 });
    const plain = await seedClient(f.db, { groupId: group.id, allowedPrice: true });
    const marked = await seedClient(f.db, {
      groupId: group.id,
      allowedPrice: true,
      allowedPriceWMarkup: true,
    });
    expect((await f.service.getModification(plain.id, m.id))?.tiers.map((t) => t.price)).toEqual([600, 540]);
    expect((await f.service.getModification(marked.id, m.id))?.tiers.map((t) => t.price)).toEqual([630, 567]);
    const r = await confirmedAdd(f.service, marked.id, m.id, 10);
    expect(r.ok && r.position).toMatchObject({ price: 567, sum: 5670 });
    const inactive = await seedGroup(f.db, { surcharge: 1.5, isActive: false });
    const offGroup = await seedClient(f.db, {
      groupId: inactive.id,
      allowedPrice: true,
      allowedPriceWMarkup: true,
    });
    expect((await f.service.getModification(offGroup.id, m.id))?.tiers.map((t) => t.price)).toEqual([
      600, 540,
    ]);
  });

  it("shows the other list for an all_prices brand without selling from it", async () => {
    const { brand, mod } = await shelf();
    const m = await mod();
    const client = await seedClient(f.db, { allowedPrice: true });
    await f.setRules(client.id, { allPrices: [brand.name] });
    const view = await f.service.getModification(client.id, m.id);
    expect(view?.tiers.map((t) => [t.list, t.fromQuantity, t.price, t.orderable])).toEqual([
      ["small", 1, 600, true],
      ["small", 10, 540, true],
      ["large", 1, 590, false],
      ["large", 10, 530, false],
    ]);
    const r = await confirmedAdd(f.service, client.id, m.id, 1);
    expect(r.ok && r.position.price).toBe(600);
  });

  it("lets a small-wholesale client allowed the large list buy at the lower of the two", async () => {
    const { mod } = await shelf();
    const m = await mod({
      tiers: [
        { currencyId: f.rub, quantityFrom: 1, smallWholesale: 600, largeWholesale: 1 },
        { currencyId: f.rub, quantityFrom: 20, smallWholesale: 550, largeWholesale: 500 },
      ],
    });
    const client = await seedClient(f.db, { allowedPrice: true, clientLargeWholesale: true });
    const view = await f.service.getModification(client.id, m.id);
    expect(view?.tiers.map((t) => [t.list, t.fromQuantity, t.orderable])).toEqual([
      ["small", 1, true],
      ["small", 20, true],
      ["large", 20, true],
    ]);
    const few = await confirmedAdd(f.service, client.id, m.id, 5);
    expect(few.ok && few.position.price).toBe(600);
    const many = await confirmedAdd(f.service, client.id, m.id, 15);
    expect(many.ok && many.position).toMatchObject({ quantity: 20, price: 500 });
    // The flag naming the client's own list changes nothing; the large list stays closed to them.
    const own = await seedClient(f.db, { allowedPrice: true, clientSmallWholesale: true });
    expect((await f.service.getModification(own.id, m.id))?.tiers.map((t) => t.list)).toEqual([
      "small",
      "small",
    ]);
  });

  it("does not sell the extra list when the modification's availability for it is not true", async () => {
    const { mod } = await shelf();
    const m = await mod({ availableLargeWholesale: null });
    const client = await seedClient(f.db, { allowedPrice: true, clientLargeWholesale: true });
    const r = await confirmedAdd(f.service, client.id, m.id, 10);
    expect(r.ok && r.position.price).toBe(540);
  });
});
