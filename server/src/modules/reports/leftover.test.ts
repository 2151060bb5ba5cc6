import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrand, seedCurrency, seedModification, seedProduct } from "../../db/factories/catalogue.ts";
import { claimRun } from "../../db/job-runs.ts";
import { jobRuns, leftoverReports } from "../../db/schema/index.ts";
import { DAILY_LEFTOVER_JOB, runDailyLeftoverReport } from "../../jobs/daily-leftover-report.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { readXlsx } from "../../test/xlsx.ts";
import { createLeftoverService } from "./leftover-service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: "2026-11-20T09:00:00Z" });
  const rub = await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  const brand = await seedBrand(t.db, { name: "Остаточный" });
  const product = await seedProduct(t.db, { brandId: brand.id, name: "Телефон" });
  await seedModification(t.db, {
    productId: product.id,
    name: "64 ГБ",
    quantity: 7,
    tiers: [
      { currencyId: rub.id, quantityFrom: 1, smallWholesale: 100, largeWholesale: 90 },
      { currencyId: rub.id, quantityFrom: 10, smallWholesale: 95, largeWholesale: 85 },
    ],
  });
  await seedModification(t.db, { productId: product.id, name: "=cmd()", quantity: 0 });
});
afterAll(() => t.close());

const generate = () => t.call("office", { method: "POST", url: "/api/reports/leftover/" });

describe("leftover reports", () => {
  it("generates a stock snapshot, downloaded under its name; formula-like names stay text", async () => {
    const res = await generate();
    expect(res.statusCode).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({
      name: "Остатки_2026-11-20_12-00.xlsx",
      created_at: "2026-11-20T09:00:00.000Z",
      file: `/api/reports/leftover/${report.id}/download/`,
    });
    const file = await t.call("storehouse", { method: "GET", url: report.file });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toContain(
      encodeURIComponent("Остатки_2026-11-20_12-00.xlsx"),
    );
    const sheet = (await readXlsx(file.rawPayload)).worksheets[0];
    const rows = sheet
      ?.getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ["Остаточный", "Телефон", "64 ГБ", 7, 1, 100, 90, "₽"],
      ["Остаточный", "Телефон", "64 ГБ", 7, 10, 95, 85, "₽"],
      ["Остаточный", "Телефон", "=cmd()", 0],
    ]);
    expect(sheet?.getCell("C4").type).not.toBe(6 /* formula */);
  });

  it("lists newest first, paged with next and count; delete lowers the count", async () => {
    t.clock.advance(60_000);
    await generate();
    t.clock.advance(60_000);
    await generate();
    const first = await t.call("seller", { method: "GET", url: "/api/reports/leftover/?limit=2" });
    expect(first.json()).toMatchObject({
      count: 3,
      next: "/api/reports/leftover/?limit=2&offset=2",
      previous: null,
    });
    expect(first.json().results.map((r: { name: string }) => r.name)).toEqual([
      "Остатки_2026-11-20_12-02.xlsx",
      "Остатки_2026-11-20_12-01.xlsx",
    ]);
    const next = await t.call("seller", { method: "GET", url: first.json().next });
    expect(next.json().results).toHaveLength(1);

    const id = first.json().results[0].id;
    expect(
      (await t.call("seller", { method: "DELETE", url: `/api/reports/leftover/${id}/` })).statusCode,
    ).toBe(403);
    expect(
      (await t.call("office", { method: "DELETE", url: `/api/reports/leftover/${id}/` })).statusCode,
    ).toBe(204);
    expect(
      (await t.call("office", { method: "DELETE", url: `/api/reports/leftover/${id}/` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call("office", { method: "GET", url: `/api/reports/leftover/${id}/download/` })).statusCode,
    ).toBe(404);
    expect((await t.call("seller", { method: "GET", url: "/api/reports/leftover/" })).json().count).toBe(2);
    expect(
      (await t.call("seller", { method: "GET", url: "/api/reports/leftover/?limit=0" })).statusCode,
    ).toBe(400);
    expect((await t.call("storehouse", { method: "POST", url: "/api/reports/leftover/" })).statusCode).toBe(
      403,
    );
  });
});

describe("daily leftover job", () => {
  it("claims a run key once, whoever asks", async () => {
    expect(await claimRun(t.db, "test-job", "2026-11-20")).toBe(true);
    expect(await claimRun(t.db, "test-job", "2026-11-20")).toBe(false);
    expect(await claimRun(t.db, "test-job", "2026-11-21")).toBe(true);
  });

  it("makes one report per Moscow business day, across concurrent instances", async () => {
    await t.db.delete(leftoverReports);
    const leftover = createLeftoverService({ db: t.db, clock: t.clock });
    const deps = { db: t.db, clock: t.clock, leftover };
    // 22:30 UTC is already the next day in Moscow.
    t.clock.set("2026-11-20T22:30:00Z");
    const runs = await Promise.all([runDailyLeftoverReport(deps), runDailyLeftoverReport(deps)]);
    expect(runs.sort()).toEqual([false, true]);
    expect(await runDailyLeftoverReport(deps)).toBe(false);
    t.clock.set("2026-11-21T21:30:00Z");
    expect(await runDailyLeftoverReport(deps)).toBe(true);
    const reports = await t.db.select().from(leftoverReports);
    expect(reports.map((r) => r.name).sort()).toEqual([
      "Остатки_2026-11-21_01-30.xlsx",
      "Остатки_2026-11-22_00-30.xlsx",
    ]);
    const claims = (await t.db.select().from(jobRuns)).filter((r) => r.name === DAILY_LEFTOVER_JOB);
    expect(claims.map((c) => c.runKey).sort()).toEqual(["2026-11-21", "2026-11-22"]);
  });

  it("a failed generation releases the day for the next check", async () => {
    t.clock.set("2026-11-23T09:00:00Z");
    const failing = {
      ...createLeftoverService({ db: t.db, clock: t.clock }),
      generate: () => Promise.reject(new Error("disk full")),
    };
    await expect(runDailyLeftoverReport({ db: t.db, clock: t.clock, leftover: failing })).rejects.toThrow(
      "disk full",
    );
    const leftover = createLeftoverService({ db: t.db, clock: t.clock });
    expect(await runDailyLeftoverReport({ db: t.db, clock: t.clock, leftover })).toBe(true);
  });
});
