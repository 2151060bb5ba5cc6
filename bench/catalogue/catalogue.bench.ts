/**
 * Catalogue benchmark: importing a 5,000-row offers file and generating a leftover report over 10,000
 * modifications, each timed with its peak memory. Runs on embedded PGlite (in this process, so its memory
 * counts too), or on PostgreSQL with BENCH_DATABASE_URL (a scratch database: tables are filled).
 *
 *   npm run bench:catalogue
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:catalogue
 */
import ExcelJS from "exceljs";
import { openPglite, openPostgres } from "../../server/src/db/client.ts";
import { seedCurrency } from "../../server/src/db/factories/catalogue.ts";
import { brands, modifications, priceTiers, products } from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { createOffersFileService, OFFERS_COLUMNS } from "../../server/src/modules/catalogue/index.ts";
import { createLeftoverService } from "../../server/src/modules/reports/index.ts";

const IMPORT_ROWS = 5_000;
const REPORT_MODIFICATIONS = 10_000;
const TIERS_PER_MODIFICATION = 2;

/** Runs `work`, sampling memory every 10 ms: wall time, peak RSS and peak JS heap. */
async function measure<T>(work: () => Promise<T>) {
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 10);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  return {
    result,
    ms: Math.round(ms),
    rssBeforeMb: mb(rssBefore),
    peakRssMb: mb(peakRss),
    peakHeapMb: mb(peakHeap),
  };
}

async function offersFile(currency: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet("Предложения");
  sheet.addRow(OFFERS_COLUMNS.map((c) => c.header));
  const modificationsInFile = IMPORT_ROWS / TIERS_PER_MODIFICATION;
  for (let i = 0; i < modificationsInFile; i++) {
    const brand = `Бенч брэнд ${i % 50}`;
    const product = `Бенч продукт ${i % 500}`;
    const name = `Модификация ${i}`;
    const price = 100 + (i % 900);
    sheet.addRow([brand, product, name, i % 300, 1, price, price * 0.9, currency]);
    sheet.addRow([brand, product, name, i % 300, 10, price * 0.95, price * 0.85, currency]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = url ? await openPostgres(url) : await openPglite();
  const { db } = database;
  const currency = await seedCurrency(db, { name: `Рубль ${Date.now()}`, sign: "₽" });
  const file = await offersFile(currency.name);

  const offers = createOffersFileService({ db });
  const imported = await measure(() => offers.import(file));

  // Fill the catalogue up to 10,000 modifications for the report, in bulk.
  const [brand] = await db
    .insert(brands)
    .values({ name: `Бенч отчет ${Date.now()}` })
    .returning();
  const extra = REPORT_MODIFICATIONS - imported.result.created;
  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: 100 }, (_, i) => ({ brandId: brand?.id as number, name: `Отчет продукт ${i}` })),
    )
    .returning({ id: products.id });
  for (let start = 0; start < extra; start += 1000) {
    const rows = await db
      .insert(modifications)
      .values(
        Array.from({ length: Math.min(1000, extra - start) }, (_, k) => ({
          productId: productRows[(start + k) % productRows.length]?.id as number,
          name: `Отчет модификация ${start + k}`,
          quantity: (start + k) % 500,
        })),
      )
      .returning({ id: modifications.id });
    await db.insert(priceTiers).values(
      rows.flatMap((r) => [
        {
          modificationId: r.id,
          currencyId: currency.id,
          quantityFrom: 1,
          smallWholesale: 100,
          largeWholesale: 90,
        },
        {
          modificationId: r.id,
          currencyId: currency.id,
          quantityFrom: 10,
          smallWholesale: 95,
          largeWholesale: 85,
        },
      ]),
    );
  }

  const leftover = createLeftoverService({ db, clock: systemClock });
  const report = await measure(() => leftover.generate());

  const where = url ? "PostgreSQL" : "PGlite (in process)";
  console.log(`database: ${where}, node ${process.version}`);
  console.log(
    `offers import, ${IMPORT_ROWS} rows (${imported.result.created} modifications created): ` +
      `${imported.ms} ms, RSS ${imported.rssBeforeMb} -> peak ${imported.peakRssMb} MB, peak heap ${imported.peakHeapMb} MB`,
  );
  console.log(
    `leftover report, ${REPORT_MODIFICATIONS} modifications (${REPORT_MODIFICATIONS * TIERS_PER_MODIFICATION} rows): ` +
      `${report.ms} ms, RSS ${report.rssBeforeMb} -> peak ${report.peakRssMb} MB, peak heap ${report.peakHeapMb} MB`,
  );
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
