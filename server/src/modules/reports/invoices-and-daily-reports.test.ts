import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { seedClient } from "../../db/factories/clients.ts";
import { seedOrder } from "../../db/factories/sales.ts";
import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  clientReports,
  dailyReports,
  orderPositions,
  orders,
} from "../../db/schema/index.ts";
import { runDailyReport, runDueInvoices } from "../../jobs/invoices-and-daily-reports.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { readXlsx } from "../../test/xlsx.ts";
import { createStatisticsService } from "../statistics/index.ts";
import { createDailyReportService } from "./daily-report-service.ts";
import { createInvoiceService } from "./invoice-service.ts";

let t: TestApp;
let small: { id: number };
let large: { id: number };
let lonely: { id: number };
let largePosition: number;
const jobs = () => {
  const statistics = createStatisticsService({ db: t.db, clock: t.clock });
  return {
    db: t.db,
    clock: t.clock,
    invoices: createInvoiceService({ db: t.db, clock: t.clock }),
    dailyReports: createDailyReportService({ db: t.db, clock: t.clock, statistics }),
  };
};

const sheetRows = async (payload: Buffer, sheet = 0) =>
  (await readXlsx(payload)).worksheets[sheet]
    ?.getSheetValues()
    .slice(2)
    .map((r) => (r as unknown[]).slice(1));

beforeAll(async () => {
  t = await createTestApp({ now: "2026-11-20T20:45:00Z" });
  const rub = await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  const usd = await seedCurrency(t.db, { name: "Доллар", sign: "$" });
  const product = await seedProduct(t.db, {
    brandId: (await seedBrand(t.db, { name: "Apple" })).id,
    name: "iPhone",
  });
  const m1 = await seedModification(t.db, { productId: product.id, name: "128 ГБ" });
  const m2 = await seedModification(t.db, { productId: product.id, name: "256 ГБ" });
  small = await seedClient(t.db, {
    nickname: "Малыш",
    organizationName: "ООО Ромашка",
    clientType: CLIENT_TYPE_SMALL,
  });
  large = await seedClient(t.db, { nickname: "Крупняк", clientType: CLIENT_TYPE_LARGE });
  lonely = await seedClient(t.db, { nickname: "Без заказов" });
  await seedOrder(t.db, {
    clientId: small.id,
    clientType: CLIENT_TYPE_SMALL,
    openedOn: "2026-11-20",
    positions: [
      {
        modificationId: m1.id,
        currencyId: rub.id,
        price: 1000,
        quantity: 2,
        status: "collected",
        modificationName: "128 ГБ",
      },
      {
        modificationId: m2.id,
        currencyId: usd.id,
        price: 12.5,
        quantity: 4,
        status: "collected",
        modificationName: "256 ГБ",
      },
    ],
  });
  const order = await seedOrder(t.db, {
    clientId: large.id,
    clientType: CLIENT_TYPE_LARGE,
    openedOn: "2026-11-20",
    positions: [
      { modificationId: m1.id, currencyId: rub.id, price: 900, quantity: 10, modificationName: "128 ГБ" },
    ],
  });
  largePosition = (order.positions[0] as { id: number }).id;
});
afterAll(() => t.close());

describe("invoices", () => {
  it("the job makes one per client once the client's day is collected, and again only if its sums change", async () => {
    expect(await runDueInvoices(jobs())).toBe(1);
    expect(await runDueInvoices(jobs())).toBe(0);
    const list = (await t.call("storehouse", { method: "GET", url: "/api/reports/client/" })).json();
    expect(list).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.results[0]).toMatchObject({
      client: small.id,
      client_type: CLIENT_TYPE_SMALL,
      day: "2026-11-20",
      total: null,
      totals: [
        { total: 2000, currency_sign: "₽" },
        { total: 50, currency_sign: "$" },
      ],
      name: "Накладная_2026-11-20_ООО Ромашка (Малыш).xlsx",
    });

    // The large client's position is collected: its invoice follows; a later edit of it makes it again.
    await t.db
      .update(orderPositions)
      .set({ status: "collected" })
      .where(eq(orderPositions.id, largePosition));
    t.clock.advance(60_000);
    expect(await runDueInvoices(jobs())).toBe(1);
    await t.db.update(orderPositions).set({ quantity: 11 }).where(eq(orderPositions.id, largePosition));
    t.clock.advance(60_000);
    expect(await runDueInvoices(jobs())).toBe(1);
    const rows = await t.db.select().from(clientReports).where(eq(clientReports.clientId, large.id));
    expect(rows.map((r) => r.total)).toEqual([9900]);
  });

  it("lists newest first, filters by wholesale type, downloads with its name", async () => {
    const all = (await t.call("seller", { method: "GET", url: "/api/reports/client/" })).json();
    expect(all.results.map((r: { client: number }) => r.client)).toEqual([large.id, small.id]);
    const onlyLarge = (
      await t.call("seller", { method: "GET", url: "/api/reports/client/?client_type=2" })
    ).json();
    expect(onlyLarge.results.map((r: { client: number }) => r.client)).toEqual([large.id]);
    expect(
      (await t.call("seller", { method: "GET", url: "/api/reports/client/?client_type=5" })).statusCode,
    ).toBe(400);

    const invoice = all.results[1];
    const file = await t.call("storehouse", { method: "GET", url: invoice.file });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(encodeURIComponent(invoice.name));
    expect(await sheetRows(file.rawPayload)).toEqual([
      [1, "Apple", "iPhone", "128 ГБ", undefined, 2, 1000, "₽", 2000],
      [2, "Apple", "iPhone", "256 ГБ", undefined, 4, 12.5, "$", 50],
      undefined,
      [undefined, undefined, undefined, "Итого", undefined, undefined, undefined, "₽", 2000],
      [undefined, undefined, undefined, "Итого", undefined, undefined, undefined, "$", 50],
      undefined,
      [undefined, "Клиент", "ООО Ромашка (Малыш)"],
      [undefined, "Дата", "2026-11-20"],
    ]);
  });

  it("«make now», delete and their refusals", async () => {
    const post = (role: "office" | "storehouse", payload: object) =>
      t.call(role, { method: "POST", url: "/api/reports/client/", payload });
    expect((await post("storehouse", { client_id: small.id, date: "2026-11-20" })).statusCode).toBe(403);
    expect((await post("office", { client_id: lonely.id, date: "2026-11-20" })).statusCode).toBe(409);
    expect((await post("office", { client_id: 999_999, date: "2026-11-20" })).statusCode).toBe(404);
    expect((await post("office", { client_id: small.id, date: "20.11.2026" })).statusCode).toBe(400);
    t.clock.advance(60_000);
    const made = await post("office", { client_id: small.id, date: "2026-11-20" });
    expect(made.statusCode).toBe(201);
    const list = (await t.call("office", { method: "GET", url: "/api/reports/client/" })).json();
    expect(list.count).toBe(2);
    expect(list.results[0].id).toBe(made.json().id);

    const url = `/api/reports/client/${made.json().id}/`;
    expect((await t.call("seller", { method: "DELETE", url })).statusCode).toBe(403);
    expect((await t.call("office", { method: "DELETE", url })).statusCode).toBe(204);
    expect((await t.call("office", { method: "DELETE", url })).statusCode).toBe(404);
    expect((await t.call("office", { method: "GET", url: made.json().file })).statusCode).toBe(404);
  });
});

describe("daily reports", () => {
  it("the job makes the report of the day that closed (Moscow), once", async () => {
    t.clock.set("2026-11-20T20:59:00Z"); // 23:59 in Moscow: the 20th is still open
    expect(await runDailyReport(jobs())).toBe(true);
    let list = (await t.call("seller", { method: "GET", url: "/api/reports/general/" })).json();
    expect(list.results.map((r: { day: string }) => r.day)).toEqual(["2026-11-19"]);

    t.clock.set("2026-11-20T21:01:00Z"); // 00:01 on the 21st
    expect(await runDailyReport(jobs())).toBe(true);
    expect(await runDailyReport(jobs())).toBe(false);
    list = (await t.call("seller", { method: "GET", url: "/api/reports/general/" })).json();
    expect(list.results.map((r: { day: string }) => r.day)).toEqual(["2026-11-20", "2026-11-19"]);
    const report = list.results[0];
    expect(report.name).toBe("Отчет_2026-11-20.xlsx");

    const file = await t.call("storehouse", { method: "GET", url: report.file });
    expect(file.headers["content-disposition"]).toContain(encodeURIComponent("Отчет_2026-11-20.xlsx"));
    expect(await sheetRows(file.rawPayload, 0)).toEqual([
      ["ООО Ромашка (Малыш)", "Малый опт", 1, 2000, "₽"],
      ["ООО Ромашка (Малыш)", "Малый опт", 1, 50, "$"],
      ["Крупняк", "Крупный опт", 1, 9900, "₽"],
    ]);
    expect(await sheetRows(file.rawPayload, 1)).toEqual([
      ["Apple", "iPhone", "128 ГБ", 13, 11900, "₽"],
      ["Apple", "iPhone", "256 ГБ", 4, 50, "$"],
    ]);
  });

  it("«make now» replaces the day's report; delete; permissions", async () => {
    const post = (role: "office" | "seller") =>
      t.call(role, { method: "POST", url: "/api/reports/general/", payload: { date: "2026-11-20" } });
    expect((await post("seller")).statusCode).toBe(403);
    const made = await post("office");
    expect(made.statusCode).toBe(201);
    const list = (await t.call("office", { method: "GET", url: "/api/reports/general/" })).json();
    expect(list.count).toBe(2);
    expect(list.results[0].id).toBe(made.json().id);
    const url = `/api/reports/general/${made.json().id}/`;
    expect((await t.call("office", { method: "DELETE", url })).statusCode).toBe(204);
    expect((await t.call("office", { method: "GET", url: made.json().file })).statusCode).toBe(404);
    expect((await t.call(null, { method: "GET", url: "/api/reports/general/" })).statusCode).toBe(401);
  });
});

describe("a deleted invoice", () => {
  const invoiceOf = async (clientId: number) =>
    (await t.db.select().from(clientReports).where(eq(clientReports.clientId, clientId)))[0];
  const remove = (id: number) => t.call("office", { method: "DELETE", url: `/api/reports/client/${id}/` });

  it("is not made again by the job, however often it runs, until the day's sums change", async () => {
    // 00:01 on the 21st: the 20th is yesterday, still the job's. The small client's invoice was deleted
    // above; the large client's is deleted now.
    const invoice = await invoiceOf(large.id);
    expect((await remove((invoice as { id: number }).id)).statusCode).toBe(204);
    for (let run = 0; run < 3; run++) {
      t.clock.advance(60_000);
      expect(await runDueInvoices(jobs())).toBe(0);
    }
    expect(await invoiceOf(small.id)).toBeUndefined();
    expect(await invoiceOf(large.id)).toBeUndefined();

    // A position changed after the deletion: the day is no longer the one staff deleted, the job owes it.
    await t.db.update(orderPositions).set({ quantity: 12 }).where(eq(orderPositions.id, largePosition));
    expect(await runDueInvoices(jobs())).toBe(1);
    expect((await invoiceOf(large.id))?.total).toBe(10800);
  });

  it("«make now» makes it, and the job keeps it up to date again", async () => {
    const made = await t.call("office", {
      method: "POST",
      url: "/api/reports/client/",
      payload: { client_id: small.id, date: "2026-11-20" },
    });
    expect(made.statusCode).toBe(201);
    await remove(made.json().id);
    const again = await t.call("office", {
      method: "POST",
      url: "/api/reports/client/",
      payload: { client_id: small.id, date: "2026-11-20" },
    });
    expect(again.statusCode).toBe(201);
    expect(await runDueInvoices(jobs())).toBe(0);
    const [smallPosition] = await t.db
      .select({ id: orderPositions.id })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .where(eq(orders.clientId, small.id));
    await t.db
      .update(orderPositions)
      .set({ quantity: 3 })
      .where(eq(orderPositions.id, (smallPosition as { id: number }).id));
    expect(await runDueInvoices(jobs())).toBe(1);
    expect((await invoiceOf(small.id))?.id).toBe(again.json().id);
  });
});

describe("a deleted daily report", () => {
  it("is not made again by the job; «make now» still makes it", async () => {
    const days = async () =>
      (await t.db.select({ day: dailyReports.day }).from(dailyReports)).map((r) => r.day);
    // 00:01 on the 21st: the 21st's report made early, then deleted before the day closed.
    const made = await t.call("office", {
      method: "POST",
      url: "/api/reports/general/",
      payload: { date: "2026-11-21" },
    });
    const url = `/api/reports/general/${made.json().id}/`;
    expect((await t.call("office", { method: "DELETE", url })).statusCode).toBe(204);
    t.clock.set("2026-11-21T21:01:00Z"); // 00:01 on the 22nd: the job's turn for the 21st
    expect(await runDailyReport(jobs())).toBe(false);
    t.clock.advance(10 * 60_000);
    expect(await runDailyReport(jobs())).toBe(false);
    expect(await days()).not.toContain("2026-11-21");

    // «Сделать отчет за день» (what POST runs; the session's token has expired on this clock).
    const { dailyReports: service } = jobs();
    await service.store("2026-11-21", await service.build("2026-11-21"));
    expect(await days()).toContain("2026-11-21");
  });
});
