import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import { modifications, priceTiers } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
let rub: { id: number };
let usd: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  rub = await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  usd = await seedCurrency(t.db, { name: "Доллар", sign: "$" });
});
afterAll(() => t.close());

const post = (
  url: string,
  payload: object,
  role: "superuser" | "office" | "storehouse" | "seller" = "office",
) => t.call(role, { method: "POST", url: `/api/storehouse/${url}`, payload });
const put = (url: string, payload: object) =>
  t.call("office", { method: "PUT", url: `/api/storehouse/${url}`, payload });
const get = (url: string) => t.call("seller", { method: "GET", url: `/api/storehouse/${url}` });
const del = (url: string) => t.call("office", { method: "DELETE", url: `/api/storehouse/${url}` });
const storedQuantity = async (id: number) =>
  (await t.db.select().from(modifications).where(eq(modifications.id, id)))[0];

describe("brands", () => {
  it("creates, lists by name, updates and refuses duplicates with a field error", async () => {
    const b = await post("brands/", { name: "Яблоко", description: "фрукты" });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ name: "Яблоко", description: "фрукты" });
    await post("brands/", { name: "Апельсин" });
    const names = (await get("brands/")).json().map((x: { name: string }) => x.name);
    expect(names.indexOf("Апельсин")).toBeLessThan(names.indexOf("Яблоко"));

    const dup = await post("brands/", { name: "Яблоко" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name[0]).toBe("Брэнд с таким названием уже существует");

    const upd = await put(`brands/${b.json().id}/`, { name: "Яблоко 2" });
    expect(upd.json()).toMatchObject({ name: "Яблоко 2", description: "фрукты" });
    expect((await put("brands/999999/", { name: "x" })).statusCode).toBe(404);
  });

  it.each([
    ["missing name", {}],
    ["empty name", { name: "  " }],
    ["wrong type", { name: 5 }],
    ["huge name", { name: "x".repeat(201) }],
  ])("refuses bad input (%s) with 400 and field errors", async (_case, payload) => {
    const res = await post("brands/", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("name");
  });

  it("search matches brand, product or modification names from 2 characters, case-insensitively", async () => {
    const brand = await seedBrand(t.db, { name: "Поисковый брэнд" });
    const product = await seedProduct(t.db, { brandId: brand.id, name: "Зарядка" });
    await seedModification(t.db, { productId: product.id, name: "Кабель USB-C" });
    const names = async (q: string) =>
      (await get(`brands/search/?q=${encodeURIComponent(q)}`)).json().map((b: { name: string }) => b.name);
    expect(await names("поисков")).toEqual(["Поисковый брэнд"]);
    expect(await names("ЗАРЯД")).toEqual(["Поисковый брэнд"]);
    expect(await names("usb-c")).toEqual(["Поисковый брэнд"]);
    expect(await names("%")).toEqual((await get("brands/")).json().map((b: { name: string }) => b.name));
    expect((await names("50%")).length).toBe(0);
    const productNames = async (q: string) =>
      (await get(`products/search/?q=${encodeURIComponent(q)}&brand=${brand.id}`))
        .json()
        .map((p: { name: string }) => p.name);
    expect(await productNames("usb")).toEqual(["Зарядка"]);
    expect(await productNames("поисков")).toEqual(["Зарядка"]);
    expect(await productNames("нет такого")).toEqual([]);
    const modificationNames = async (q: string) =>
      (await get(`modifications/search/?q=${encodeURIComponent(q)}&product=${product.id}`))
        .json()
        .map((m: { name: string }) => m.name);
    expect(await modificationNames("зарядка")).toEqual(["Кабель USB-C"]);
    expect(await modificationNames("lightning")).toEqual([]);
  });

  it("search without a term (or under 2 characters) answers the full list, the modifications' at most 500", async () => {
    const product = await seedProduct(t.db, { name: "Полный список" });
    await seedModification(t.db, { productId: product.id, name: "Первая" });
    await seedModification(t.db, { productId: product.id, name: "Вторая" });
    const all = (await get("modifications/search/")).json().map((m: { name: string }) => m.name);
    expect(all).toEqual(expect.arrayContaining(["Первая", "Вторая"]));
    expect((await get("modifications/search/?q=П")).json()).toHaveLength(all.length);
    const ofProduct = (await get(`modifications/search/?product=${product.id}`)).json();
    expect(ofProduct.map((m: { name: string }) => m.name)).toEqual(["Вторая", "Первая"]);
    expect((await get("brands/search/")).json()).toEqual((await get("brands/")).json());

    const many = await t.db
      .insert(modifications)
      .values(
        Array.from({ length: 501 - all.length }, (_, i) => ({ productId: product.id, name: `Ещё ${i}` })),
      )
      .returning({ id: modifications.id });
    try {
      expect((await get("modifications/search/")).json()).toHaveLength(500);
    } finally {
      await t.db.delete(modifications).where(
        inArray(
          modifications.id,
          many.map((m) => m.id),
        ),
      );
    }
  });

  it("deletes a brand with its products and modifications, but refuses one with order history", async () => {
    const free = await seedModification(t.db, { tiers: [{ currencyId: rub.id }] });
    const freeBrand = (await get(`products/search/?q=`))
      .json()
      .find((p: { id: number }) => p.id === free.productId).brand;
    expect((await del(`brands/${freeBrand}/`)).statusCode).toBe(204);
    expect(await storedQuantity(free.id)).toBeUndefined();

    const ordered = await seedModification(t.db, { tiers: [{ currencyId: rub.id }] });
    const client = await seedClient(t.db);
    await seedOrder(t.db, {
      clientId: client.id,
      clientType: 3,
      openedOn: "2026-11-20",
      positions: [{ modificationId: ordered.id, currencyId: rub.id }],
    });
    const product = (await get(`products/search/?q=`))
      .json()
      .find((p: { id: number }) => p.id === ordered.productId);
    const res = await del(`brands/${product.brand}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("Брэнд нельзя удалить: его модификации есть в заказах");
    expect((await del(`products/${product.id}/`)).statusCode).toBe(409);
    expect((await del(`modifications/${ordered.id}/`)).json().detail).toBe(
      "Модификацию нельзя удалить: она есть в заказах",
    );
    expect(await storedQuantity(ordered.id)).toBeDefined();
    expect((await del("brands/999999/")).statusCode).toBe(404);
  });
});

describe("products", () => {
  it("filters by brand id or brand names, sorted by name; edit may send only the name", async () => {
    const a = await seedBrand(t.db, { name: "Фильтр А" });
    const b = await seedBrand(t.db, { name: "Фильтр Б" });
    await post("products/", { name: "Щётка", brand: a.id });
    const created = await post("products/", { name: "Ананас", brand: a.id });
    await post("products/", { name: "Вилка", brand: b.id });
    expect((await get(`products/?brand=${a.id}`)).json().map((p: { name: string }) => p.name)).toEqual([
      "Ананас",
      "Щётка",
    ]);
    const byNames = await get(`products/?brandNames=${encodeURIComponent("Фильтр А,Фильтр Б")}`);
    expect(byNames.json()).toHaveLength(3);
    const renamed = await put(`products/${created.json().id}/`, { name: "Банан" });
    expect(renamed.json()).toMatchObject({ name: "Банан", brand: a.id });
    expect((await post("products/", { name: "X", brand: 999999 })).json().errors.brand).toEqual([
      "Брэнд не найден",
    ]);
    expect((await get("products/?brand=abc")).statusCode).toBe(400);
  });
});

describe("modifications", () => {
  it("creates with prices_data: the first tier from 1, availability forced off where every price is 1", async () => {
    const product = await seedProduct(t.db);
    const res = await post("modifications/", {
      product: product.id,
      name: "128 ГБ",
      quantity: 5,
      available_small_wholesale: true,
      available_large_wholesale: true,
      one_hand_quantity: 3,
      prices_data: [
        { quantity_from: 7, currency: rub.id, small_wholesale: 100, large_wholesale: 1 },
        { quantity_from: 10, currency: rub.id, small_wholesale: 90, large_wholesale: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      product: product.id,
      quantity: 5,
      available_small_wholesale: true,
      available_large_wholesale: false,
      one_hand_quantity: 3,
      one_hand_limited: true,
      addition: null,
      exclusives: [],
    });
    expect(body.prices.map((p: { quantity_from: number }) => p.quantity_from)).toEqual([1, 10]);
    expect(body.prices[0]).toMatchObject({ currency_sign: "₽", small_wholesale: 100 });

    const off = await put(`modifications/${body.id}/`, { one_hand_quantity: 0 });
    expect(off.json().one_hand_limited).toBe(false);
  });

  it("keeps true, null and false as set, but forces false when stock is below 1", async () => {
    const m = await seedModification(t.db, { quantity: 3, tiers: [{ currencyId: rub.id }] });
    for (const value of [null, false, true]) {
      const res = await put(`modifications/${m.id}/`, { available_small_wholesale: value });
      expect(res.json().available_small_wholesale).toBe(value);
    }
    const empty = await seedModification(t.db, { quantity: 0, tiers: [{ currencyId: rub.id }] });
    expect(
      (await put(`modifications/${empty.id}/`, { available_small_wholesale: true })).json(),
    ).toMatchObject({
      available_small_wholesale: false,
    });
  });

  it("replaces client, group and direction restrictions; unknown ids are a 400 that changes nothing", async () => {
    const m = await seedModification(t.db, { tiers: [{ currencyId: rub.id }] });
    const c1 = await seedClient(t.db);
    const c2 = await seedClient(t.db);
    const res = await put(`modifications/${m.id}/`, { client_ids: [c2.id, c1.id, c1.id] });
    expect(res.json().client_ids).toEqual([c1.id, c2.id].sort((a, b) => a - b));
    const bad = await put(`modifications/${m.id}/`, { name: "renamed", client_ids: [999999] });
    expect(bad.statusCode).toBe(400);
    const after = (await get(`modifications/${m.id}/`)).json();
    expect(after.name).toBe(m.name);
    expect(after.client_ids).toHaveLength(2);
  });

  it("lists a product's modifications by name; requires the product", async () => {
    const product = await seedProduct(t.db);
    await seedModification(t.db, { productId: product.id, name: "Белый" });
    await seedModification(t.db, { productId: product.id, name: "Алый" });
    expect(
      (await get(`modifications/?product=${product.id}`)).json().map((m: { name: string }) => m.name),
    ).toEqual(["Алый", "Белый"]);
    expect((await get("modifications/")).statusCode).toBe(400);
    expect(
      (await get(`modifications/search/?q=${encodeURIComponent("БЕЛ")}&product=${product.id}`)).json(),
    ).toHaveLength(1);
  });

  it.each([
    ["no product", { name: "x" }],
    ["negative quantity", { product: 1, name: "x", quantity: -1 }],
    ["fractional quantity", { product: 1, name: "x", quantity: 1.5 }],
    [
      "price as text",
      { product: 1, name: "x", prices_data: [{ currency: 1, small_wholesale: "a", large_wholesale: 1 }] },
    ],
    [
      "huge price",
      { product: 1, name: "x", prices_data: [{ currency: 1, small_wholesale: 1e15, large_wholesale: 1 }] },
    ],
  ])("refuses a bad create (%s) with 400", async (_case, payload) => {
    expect((await post("modifications/", payload)).statusCode).toBe(400);
  });

  it("answers 404 for unknown ids", async () => {
    expect((await get("modifications/999999/")).statusCode).toBe(404);
    expect((await put("modifications/999999/", { name: "x" })).statusCode).toBe(404);
    expect((await del("modifications/999999/")).statusCode).toBe(404);
    expect((await put("prices/999999/", { small_wholesale: 5 })).statusCode).toBe(404);
    expect((await del("prices/999999/")).statusCode).toBe(404);
    expect(
      (
        await put("additions/999999/", {
          modification: 1,
          description: "x",
          small_wholesale: 1,
          large_wholesale: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("POST modifications/quantity/", () => {
  it("adds the delta to quantity and quantity_added; refuses negative stock with 409, nothing changed", async () => {
    const m = await seedModification(t.db, { quantity: 10, tiers: [{ currencyId: rub.id }] });
    const res = await post("modifications/quantity/", { modification: m.id, delta: -4 }, "storehouse");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 6, quantity_added: -4 });
    const refused = await post("modifications/quantity/", { modification: m.id, delta: -7 }, "storehouse");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/отрицательным/);
    expect(await storedQuantity(m.id)).toMatchObject({ quantity: 6, quantityAdded: -4 });
    const toZero = await post("modifications/quantity/", { modification: m.id, delta: -6 }, "storehouse");
    expect(toZero.json()).toMatchObject({
      quantity: 0,
      available_small_wholesale: false,
      available_large_wholesale: false,
    });
    expect((await post("modifications/quantity/", { modification: 999999, delta: 1 })).statusCode).toBe(404);
    expect((await post("modifications/quantity/", { modification: m.id, delta: 1.5 })).statusCode).toBe(400);
    expect((await post("modifications/quantity/", { modification: m.id })).statusCode).toBe(400);
    expect(
      (await post("modifications/quantity/", { modification: m.id, delta: 1 }, "seller")).statusCode,
    ).toBe(403);
  });

  it("loses no update under many parallel deltas", async () => {
    const m = await seedModification(t.db, {
      quantity: 100,
      quantityAdded: 0,
      tiers: [{ currencyId: rub.id }],
    });
    const deltas = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 3 : -1));
    const results = await Promise.all(
      deltas.map((delta) => post("modifications/quantity/", { modification: m.id, delta }, "storehouse")),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await storedQuantity(m.id)).toMatchObject({ quantity: 140, quantityAdded: 40 });
  });

  it("never goes below zero when parallel deltas race for the last units", async () => {
    const m = await seedModification(t.db, { quantity: 5, tiers: [{ currencyId: rub.id }] });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        post("modifications/quantity/", { modification: m.id, delta: -1 }, "storehouse"),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect((await storedQuantity(m.id))?.quantity).toBe(0);
  });
});

describe("price tiers", () => {
  it("saves the editor's rows (update and create), recomputing availability", async () => {
    const m = await seedModification(t.db, {
      tiers: [{ currencyId: rub.id, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 }],
    });
    const tier = m.tiers[0] as { id: number };
    const res = await put(`modifications/${m.id}/prices/`, {
      prices: [
        { id: tier.id, quantity_from: 3, currency: rub.id, small_wholesale: 1, large_wholesale: 80 },
        { currency: rub.id, quantity_from: 10, small_wholesale: 1, large_wholesale: 70 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.prices.map((p: { quantity_from: number }) => p.quantity_from)).toEqual([1, 10]);
    expect(body.available_small_wholesale).toBe(false);
    expect(body.available_large_wholesale).toBe(true);

    const other = await seedModification(t.db, { tiers: [{ currencyId: rub.id }] });
    const foreign = await put(`modifications/${m.id}/prices/`, {
      prices: [
        {
          id: (other.tiers[0] as { id: number }).id,
          currency: rub.id,
          small_wholesale: 5,
          large_wholesale: 5,
        },
      ],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it("updates one tier immediately and turns a type off when all its tiers are unavailable", async () => {
    const m = await seedModification(t.db, { tiers: [{ currencyId: rub.id }] });
    const tier = m.tiers[0] as { id: number };
    const res = await put(`prices/${tier.id}/`, { available_large_wholesale: false });
    expect(res.json()).toMatchObject({ id: tier.id, available_large_wholesale: false, currency_sign: "₽" });
    expect((await get(`modifications/${m.id}/`)).json().available_large_wholesale).toBe(false);
    // Only what is sent changes: no field falls back to a default.
    const price = await put(`prices/${tier.id}/`, { small_wholesale: 55 });
    expect(price.json()).toMatchObject({
      small_wholesale: 55,
      available_large_wholesale: false,
      quantity_from: 1,
    });
    expect((await put(`prices/${tier.id}/`, {})).statusCode).toBe(400);
  });

  it("creates a tier and deletes one", async () => {
    const m = await seedModification(t.db, { tiers: [{ currencyId: rub.id }] });
    const res = await post("modifications/prices/", {
      modification: m.id,
      currency: usd.id,
      quantity_from: 20,
      small_wholesale: 2.5,
      large_wholesale: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quantity_from: 20, currency_sign: "$", small_wholesale: 2.5 });
    expect((await del(`prices/${res.json().id}/`)).statusCode).toBe(204);
    expect((await get(`modifications/${m.id}/`)).json().prices).toHaveLength(1);
    expect(
      (
        await post("modifications/prices/", {
          modification: 999999,
          currency: rub.id,
          small_wholesale: 1,
          large_wholesale: 1,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("bulk change: new = old * newRate / oldRate for one type and currency over the selection, price 1 kept", async () => {
    const brand = await seedBrand(t.db);
    const p1 = await seedProduct(t.db, { brandId: brand.id });
    const p2 = await seedProduct(t.db);
    const a = await seedModification(t.db, {
      productId: p1.id,
      tiers: [
        { currencyId: usd.id, smallWholesale: 10, largeWholesale: 8 },
        { currencyId: usd.id, quantityFrom: 10, smallWholesale: 1, largeWholesale: 7 },
      ],
    });
    const b = await seedModification(t.db, {
      productId: p2.id,
      tiers: [{ currencyId: usd.id, smallWholesale: 33.33 }],
    });
    const c = await seedModification(t.db, {
      productId: p2.id,
      tiers: [{ currencyId: rub.id, smallWholesale: 500 }],
    });
    const untouched = await seedModification(t.db, { tiers: [{ currencyId: usd.id, smallWholesale: 50 }] });
    const res = await post("modifications/prices/bulk/", {
      newRate: 3,
      oldRate: 2,
      currency: usd.id,
      wholesale: "small",
      brand: [brand.id],
      products: [p2.id],
      modifications: [],
    });
    expect(res.json()).toEqual({ updated: 2 });
    const tiers = async (id: number) =>
      (await t.db.select().from(priceTiers).where(eq(priceTiers.modificationId, id))).sort(
        (x, y) => x.quantityFrom - y.quantityFrom,
      );
    expect((await tiers(a.id)).map((x) => [x.smallWholesale, x.largeWholesale])).toEqual([
      [15, 8],
      [1, 7],
    ]);
    expect((await tiers(b.id))[0]?.smallWholesale).toBe(50);
    expect((await tiers(c.id))[0]?.smallWholesale).toBe(500);
    expect((await tiers(untouched.id))[0]?.smallWholesale).toBe(50);
    expect(
      (
        await post("modifications/prices/bulk/", {
          newRate: 0,
          oldRate: 1,
          currency: usd.id,
          wholesale: "small",
          brand: [1],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post("modifications/prices/bulk/", {
          newRate: 1,
          oldRate: 1,
          currency: usd.id,
          wholesale: "small",
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("bulk price change preview", () => {
  it("names the count and the first prices before → after, changes nothing, and the change then does exactly that", async () => {
    const brand = await seedBrand(t.db, { name: "Аист" });
    const cable = await seedProduct(t.db, { brandId: brand.id, name: "Кабель" });
    const glass = await seedProduct(t.db, { brandId: brand.id, name: "Стекло" });
    const one = await seedModification(t.db, {
      productId: cable.id,
      name: "1 м",
      tiers: [
        { currencyId: rub.id, smallWholesale: 250, largeWholesale: 240 },
        { currencyId: rub.id, quantityFrom: 10, smallWholesale: 226.1, largeWholesale: 220 },
        // «Not sold at this type»: left as it is, not counted.
        { currencyId: rub.id, quantityFrom: 50, smallWholesale: 1, largeWholesale: 200 },
      ],
    });
    const two = await seedModification(t.db, {
      productId: cable.id,
      name: "2 м",
      tiers: [{ currencyId: rub.id, smallWholesale: 300, largeWholesale: 290 }],
    });
    const dollars = await seedModification(t.db, {
      productId: glass.id,
      name: "9H",
      tiers: [{ currencyId: usd.id, smallWholesale: 3.13, largeWholesale: 3 }],
    });
    // A price the rounding leaves as it was (0.01 × 1.1 = 0.011 → 0.01) is no change.
    const tiny = await seedModification(t.db, {
      productId: glass.id,
      name: "мелочь",
      tiers: [{ currencyId: rub.id, smallWholesale: 0.01, largeWholesale: 1 }],
    });
    const body = { newRate: 1.1, oldRate: 1, currency: rub.id, wholesale: "small", brand: [brand.id] };
    const stored = async () =>
      (await t.db.select().from(priceTiers))
        .filter((x) => [one.id, two.id, dollars.id, tiny.id].includes(x.modificationId))
        .map((x) => [x.id, x.smallWholesale, x.largeWholesale])
        .sort((x, y) => Number(x[0]) - Number(y[0]));
    const before = await stored();

    const preview = await post("modifications/prices/bulk/preview/", body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      count: 3,
      examples: [
        {
          modification: one.id,
          name: "Аист Кабель 1 м",
          quantity_from: 1,
          currency_sign: "₽",
          old_price: 250,
          new_price: 275,
        },
        {
          modification: one.id,
          name: "Аист Кабель 1 м",
          quantity_from: 10,
          currency_sign: "₽",
          old_price: 226.1,
          new_price: 248.71,
        },
        {
          modification: two.id,
          name: "Аист Кабель 2 м",
          quantity_from: 1,
          currency_sign: "₽",
          old_price: 300,
          new_price: 330,
        },
      ],
    });
    expect(await stored()).toEqual(before);

    expect((await post("modifications/prices/bulk/", body)).json()).toEqual({ updated: 3 });
    const after = (await t.db.select().from(priceTiers).where(eq(priceTiers.modificationId, one.id)))
      .sort((x, y) => x.quantityFrom - y.quantityFrom)
      .map((x) => x.smallWholesale);
    expect(after).toEqual([275, 248.71, 1]);
    // Rates of 1 : 1 change no price, and the preview says so.
    expect((await post("modifications/prices/bulk/preview/", { ...body, newRate: 1 })).json()).toEqual({
      count: 0,
      examples: [],
    });
  });

  it("is the staff's who may change the catalogue, and refuses what the change refuses", async () => {
    const body = { newRate: 2, oldRate: 1, currency: rub.id, wholesale: "small", brand: [1] };
    expect((await post("modifications/prices/bulk/preview/", body, "seller")).statusCode).toBe(403);
    expect((await post("modifications/prices/bulk/preview/", body, "storehouse")).statusCode).toBe(403);
    const none = await post("modifications/prices/bulk/preview/", { ...body, brand: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.brand).toEqual(["Выберите брэнды, продукты или модификации"]);
    const huge = await seedModification(t.db, { tiers: [{ currencyId: rub.id, smallWholesale: 900_000 }] });
    const tooLarge = await post("modifications/prices/bulk/preview/", {
      ...body,
      newRate: 1_000_000_000,
      brand: [],
      modifications: [huge.id],
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().detail).toBe("Число вне допустимого диапазона");
  });
});

describe("bulk availability, exclusives, additions", () => {
  it("sets availability over a brand in one call, still forcing false where not sellable", async () => {
    const brand = await seedBrand(t.db);
    const p = await seedProduct(t.db, { brandId: brand.id });
    const sellable = await seedModification(t.db, {
      productId: p.id,
      availableSmallWholesale: null,
      tiers: [{ currencyId: rub.id }],
    });
    const empty = await seedModification(t.db, {
      productId: p.id,
      quantity: 0,
      tiers: [{ currencyId: rub.id }],
    });
    const res = await post("modifications/available/", {
      brand_id: brand.id,
      available_small_wholesale: true,
      available: true,
    });
    expect(res.json()).toEqual({ updated: 2 });
    expect((await get(`modifications/${sellable.id}/`)).json()).toMatchObject({
      available: true,
      available_small_wholesale: true,
    });
    expect((await get(`modifications/${empty.id}/`)).json().available_small_wholesale).toBe(false);
    expect((await post("modifications/available/", { available: true })).statusCode).toBe(400);
    expect(
      (await post("modifications/available/", { brand_id: brand.id, product_id: p.id, available: true }))
        .statusCode,
    ).toBe(400);
  });

  it("marks a brand exclusive with a share of stock, and edits an entry", async () => {
    const brand = await seedBrand(t.db);
    const p = await seedProduct(t.db, { brandId: brand.id });
    const m = await seedModification(t.db, { productId: p.id, quantity: 50 });
    const res = await post("brands/exclusives/", {
      brand_id: brand.id,
      exclusive: true,
      ratio: 2,
      percent: 10,
    });
    expect(res.json()).toEqual({ updated: 1 });
    const mod = (await get(`modifications/${m.id}/`)).json();
    expect(mod.exclusive).toBe(true);
    expect(mod.exclusives).toMatchObject([{ modification: m.id, quantity: 5, ratio: 2 }]);
    const edited = await put(`modifications/exclusives/${mod.exclusives[0].id}/`, {
      quantity: 7,
      ratio: 1.5,
    });
    expect(edited.json()).toMatchObject({ quantity: 7, ratio: 1.5 });
    await post("brands/exclusives/", { brand_id: brand.id, exclusive: false });
    expect((await get(`modifications/${m.id}/`)).json()).toMatchObject({ exclusive: false, exclusives: [] });
    expect((await post("brands/exclusives/", { brand_id: 999999, exclusive: true })).statusCode).toBe(404);
  });

  it("remembers the brand's exclusivity, ratio and percent for the dialog to open with", async () => {
    const brand = await seedBrand(t.db);
    expect((await get(`brands/${brand.id}/exclusives/`)).json()).toEqual({
      brand_id: brand.id,
      exclusive: false,
      ratio: 0,
      percent: 0,
    });
    await post("brands/exclusives/", { brand_id: brand.id, exclusive: true, ratio: 1.25, percent: 30 });
    expect((await get(`brands/${brand.id}/exclusives/`)).json()).toEqual({
      brand_id: brand.id,
      exclusive: true,
      ratio: 1.25,
      percent: 30,
    });
    await post("brands/exclusives/", { brand_id: brand.id, exclusive: false, ratio: 0, percent: 0 });
    expect((await get(`brands/${brand.id}/exclusives/`)).json()).toMatchObject({ exclusive: false });
    expect((await get("brands/999999/exclusives/")).statusCode).toBe(404);
  });

  it("one addition per modification", async () => {
    const m = await seedModification(t.db);
    const body = { modification: m.id, description: "Зарядка", small_wholesale: 10, large_wholesale: 9 };
    const res = await post("additions/", body);
    expect(res.statusCode).toBe(201);
    expect((await post("additions/", body)).statusCode).toBe(409);
    expect((await get(`modifications/${m.id}/`)).json().addition).toMatchObject({ description: "Зарядка" });
    expect(
      (await put(`additions/${res.json().id}/`, { ...body, description: "Чехол" })).json().description,
    ).toBe("Чехол");
    expect((await del(`additions/${res.json().id}/`)).statusCode).toBe(204);
  });
});

describe("currencies and nomenclature", () => {
  it("lists currencies by name and the brand/product tree", async () => {
    const currencies = (await get("currencies/")).json();
    expect(currencies.map((c: { name: string }) => c.name)).toEqual(["Доллар", "Рубль"]);
    const brand = await seedBrand(t.db, { name: "ААА Номенклатура" });
    await seedProduct(t.db, { brandId: brand.id, name: "Б" });
    await seedProduct(t.db, { brandId: brand.id, name: "А" });
    const tree = (await get("nomenclature/")).json();
    expect(
      tree.find((b: { id: number }) => b.id === brand.id).products.map((p: { name: string }) => p.name),
    ).toEqual(["А", "Б"]);
  });
});

describe("bad input never changes stored data", () => {
  it.each([
    ["PUT", "brands/{brand}/", { name: "" }],
    ["PUT", "brands/{brand}/", { name: "x", description: 5 }],
    ["POST", "products/", { name: "x".repeat(201), brand: 1 }],
    ["POST", "products/", { name: "x", brand: "one" }],
    ["PUT", "products/{product}/", {}],
    ["PUT", "modifications/{modification}/", { one_hand_quantity: -1 }],
    ["PUT", "modifications/{modification}/", { available_small_wholesale: "yes" }],
    ["PUT", "modifications/{modification}/", { client_ids: "1,2" }],
    ["PUT", "modifications/{modification}/", { name: "x".repeat(201) }],
    ["PUT", "modifications/{modification}/prices/", { prices: [{ currency: 1 }] }],
    ["PUT", "prices/{tier}/", { quantity_from: 0 }],
    [
      "POST",
      "modifications/prices/",
      { modification: 1, currency: 1, small_wholesale: -1, large_wholesale: 1 },
    ],
    [
      "POST",
      "modifications/prices/bulk/",
      { newRate: 1, oldRate: 1, currency: 1, wholesale: "medium", brand: [1] },
    ],
    ["POST", "modifications/available/", { product_id: "x", available: true }],
    ["POST", "brands/exclusives/", { brand_id: 1, exclusive: true, percent: 101 }],
    ["POST", "additions/", { modification: 1, description: "", small_wholesale: 1, large_wholesale: 1 }],
    ["PUT", "modifications/exclusives/1/", { quantity: 1.5, ratio: 1 }],
    ["POST", "modifications/quantity/", { modification: "1", delta: "+1" }],
  ])("%s %s %j answers 400", async (method, path, payload) => {
    const m = await seedModification(t.db, { tiers: [{ currencyId: rub.id }] });
    const product = (await get(`modifications/${m.id}/`)).json();
    const brand = (await get(`products/search/?q=`))
      .json()
      .find((p: { id: number }) => p.id === m.productId).brand;
    const url = path
      .replace("{brand}", String(brand))
      .replace("{product}", String(product.product))
      .replace("{modification}", String(m.id))
      .replace("{tier}", String(product.prices[0].id));
    const res = await t.call("office", { method: method as "PUT", url: `/api/storehouse/${url}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
    expect((await get(`modifications/${m.id}/`)).json()).toEqual(product);
  });

  it("a search term over 200 characters is refused", async () => {
    expect((await get(`brands/search/?q=${"x".repeat(201)}`)).statusCode).toBe(400);
  });
});

describe("permissions", () => {
  it("sellers and the storehouse read but do not change the catalogue", async () => {
    expect((await post("brands/", { name: "Нельзя" }, "seller")).statusCode).toBe(403);
    expect((await post("brands/", { name: "Нельзя" }, "storehouse")).statusCode).toBe(403);
    expect((await t.call("storehouse", { method: "GET", url: "/api/storehouse/brands/" })).statusCode).toBe(
      200,
    );
  });
});
