import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency } from "../../db/factories/catalogue.ts";
import { brands, logEntries, modifications, priceTiers, products } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { readXlsx } from "../../test/xlsx.ts";
import { MAX_BATCH, OFFERS_COLUMNS } from "./offers-file.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  await seedCurrency(t.db, { name: "Доллар", sign: "$" });
});
afterAll(() => t.close());

type Row = (string | number | null)[];

async function workbook(
  rows: Row[],
  headers: string[] = OFFERS_COLUMNS.map((c) => c.header),
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Предложения");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(data: Buffer, filename = "offers.xlsx", field = "file") {
  const boundary = "----catalogue-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  data: Buffer,
  options: { filename?: string; field?: string; role?: "office" | "storehouse" } = {},
) =>
  t.call(options.role ?? "office", {
    method: "POST",
    url: "/api/storehouse/offers/file/",
    ...multipart(data, options.filename, options.field),
  });

async function snapshot() {
  const [b, p, m, pt] = await Promise.all([
    t.db.select().from(brands),
    t.db.select().from(products),
    t.db.select().from(modifications),
    t.db.select().from(priceTiers),
  ]);
  return { b, p, m, pt };
}

describe("POST /api/storehouse/offers/file/", () => {
  const good: Row[] = [
    ["Импорт", "Телефон", "64 ГБ", 10, 1, 100, 90, "Рубль"],
    ["Импорт", "Телефон", "64 ГБ", 10, 10, 95, 85, "Рубль"],
    ["Импорт", "Телефон", "128 ГБ", 0, 1, 150, 1, "$"],
    ["Импорт", "Чехол", "Черный", 5, null, "12,50", 11, "доллар"],
  ];

  it("creates brands, products, modifications and tiers; logs the upload as name and size", async () => {
    const data = await workbook(good);
    const res = await upload(data);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: 4, created: 3, updated: 0, unchanged: 0, clients_to_tell: 0 });
    const [brand] = await t.db.select().from(brands).where(eq(brands.name, "Импорт"));
    const mods = await t.call("office", {
      method: "GET",
      url: `/api/storehouse/products/?brand=${brand?.id}`,
    });
    expect(mods.json().map((p: { name: string }) => p.name)).toEqual(["Телефон", "Чехол"]);
    const phone = mods.json()[0].id;
    const list = (
      await t.call("office", { method: "GET", url: `/api/storehouse/modifications/?product=${phone}` })
    ).json();
    expect(list.map((m: { name: string }) => m.name)).toEqual(["128 ГБ", "64 ГБ"]);
    const [big, small] = list;
    expect(small).toMatchObject({
      quantity: 10,
      available_small_wholesale: true,
      available_large_wholesale: true,
    });
    expect(
      small.prices.map((p: { quantity_from: number; small_wholesale: number }) => [
        p.quantity_from,
        p.small_wholesale,
      ]),
    ).toEqual([
      [1, 100],
      [10, 95],
    ]);
    // No stock and a large price of 1: both types are off.
    expect(big).toMatchObject({
      quantity: 0,
      available_small_wholesale: false,
      available_large_wholesale: false,
    });

    await t.app.activityLog.flush();
    const entries = await t.db
      .select()
      .from(logEntries)
      .where(eq(logEntries.path, "/api/storehouse/offers/file/"));
    expect(entries.at(-1)?.requestBody).toEqual({ file: { name: "offers.xlsx", size: data.length } });
  });

  it("is idempotent: the same file again changes nothing", async () => {
    const before = await snapshot();
    const res = await upload(await workbook(good));
    expect(res.json()).toEqual({ rows: 4, created: 0, updated: 0, unchanged: 3, clients_to_tell: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("updates what differs: stock (the difference counted as added) and tiers", async () => {
    const changed = good.map((r) => [...r]);
    (changed[0] as Row)[3] = 15;
    (changed[1] as Row)[3] = 15;
    (changed[3] as Row)[5] = 13;
    const res = await upload(await workbook(changed));
    expect(res.json()).toEqual({ rows: 4, created: 0, updated: 2, unchanged: 1, clients_to_tell: 0 });
    const [mod] = await t.db.select().from(modifications).where(eq(modifications.name, "64 ГБ"));
    expect(mod).toMatchObject({ quantity: 15, quantityAdded: 5 });
  });

  it("refuses a file with bad rows whole, listing row numbers and reasons, writing nothing", async () => {
    const before = await snapshot();
    const res = await upload(
      await workbook([
        ["Новый брэнд", "Новый", "Новая", 1, 1, 10, 10, "Рубль"],
        ["", "Телефон", "X", 1, 1, 10, 10, "Рубль"],
        ["Б", "П", "М", -1, 1, 10, 10, "Рубль"],
        ["Б", "П", "М2", 1, 1, "abc", 0, "Евро"],
        ["Б", "П", "М3", 1, 5, 10, 10, "Рубль"],
        ["Новый брэнд", "Новый", "Новая", 2, 10, 10, 10, "Рубль"],
      ]),
    );
    expect(res.statusCode).toBe(400);
    const errors: string[] = res.json().errors.file;
    expect(errors).toEqual([
      "Строка 3: не указан(а) брэнд",
      "Строка 4: количество: ожидается целое число не меньше 0",
      "Строка 5: малый опт: ожидается положительное число; крупный опт: ожидается положительное число; неизвестная валюта «Евро»",
      "Строка 7: количество отличается от строки 2",
      "Строка 6: у модификации нет цены «От 1»",
    ]);
    expect(res.json().detail).toMatch(/^Файл не загружен/);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a file that is not xlsx, wrong headers, an empty sheet, or no file", async () => {
    const notXlsx = await upload(Buffer.from("brand,product\nA,B\n"), { filename: "offers.csv" });
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().detail).toBe("Файл не является книгой Excel (.xlsx)");
    const brokenZip = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(100)]));
    expect(brokenZip.json().detail).toBe("Файл не является книгой Excel (.xlsx)");
    const headers = await upload(await workbook([], ["Товар", "Цена"]));
    expect(headers.statusCode).toBe(400);
    expect(headers.json().detail).toMatch(/^Неверные заголовки/);
    expect((await upload(await workbook([]))).json().detail).toBe("В файле нет строк с предложениями");
    expect((await upload(await workbook(good), { field: "other" })).statusCode).toBe(400);
    const json = await t.call("office", { method: "POST", url: "/api/storehouse/offers/file/", payload: {} });
    expect(json.statusCode).toBe(400);
  });

  it("refuses a file over the size limit with 413, and too many rows with 400", async () => {
    const huge = await upload(
      Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(11 * 1024 * 1024)]),
    );
    expect(huge.statusCode).toBe(413);
    const rows: Row[] = Array.from({ length: 20_001 }, (_, i) => ["Б", "П", `М${i}`, 1, 1, 10, 10, "Рубль"]);
    const many = await upload(await workbook(rows));
    expect(many.statusCode).toBe(400);
    expect(many.json().detail).toBe("Слишком много строк: не более 20000");
  });

  it("writes a large file in several short transactions, so that other requests go between", async () => {
    const rows: Row[] = [];
    // Rows of a product scattered through the file, as a spreadsheet sorted by modification gives them.
    for (let i = 0; i < 1_200; i++)
      rows.push(["Партии", `Продукт ${i % 7}`, `Модификация ${i}`, 3, 1, 100, 90, "Рубль"]);
    const res = await upload(await workbook(rows));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: 1_200, created: 1_200, updated: 0, unchanged: 0, clients_to_tell: 0 });
    // A row's created_at is its transaction's start: rows that share one were written by one transaction.
    const written = await t.db
      .select({ createdAt: modifications.createdAt, productId: modifications.productId })
      .from(modifications)
      .innerJoin(products, eq(products.id, modifications.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(eq(brands.name, "Партии"));
    const perTransaction = new Map<number, number>();
    for (const row of written)
      perTransaction.set(row.createdAt.getTime(), (perTransaction.get(row.createdAt.getTime()) ?? 0) + 1);
    expect(written).toHaveLength(1_200);
    expect(Math.max(...perTransaction.values())).toBeLessThanOrEqual(MAX_BATCH);
    // The first batch is a hundred: a file of more is written in several transactions whatever the machine.
    expect(perTransaction.size).toBeGreaterThan(1);
  });

  it("is for staff who may change the catalogue", async () => {
    expect((await upload(await workbook(good), { role: "storehouse" })).statusCode).toBe(403);
  });
});

describe("GET /api/storehouse/offers/template/", () => {
  it("downloads a template that imports as is", async () => {
    const res = await t.call("seller", { method: "GET", url: "/api/storehouse/offers/template/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("filename*=UTF-8''");
    const wb = await readXlsx(res.rawPayload);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, ...OFFERS_COLUMNS.map((c) => c.header)]);
    const imported = await upload(res.rawPayload);
    expect(imported.json()).toMatchObject({ rows: 2, created: 1 });
  });
});
