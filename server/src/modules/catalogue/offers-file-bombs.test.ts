import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency } from "../../db/factories/catalogue.ts";
import { brands, modifications, priceTiers, products } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { multipartBody } from "../../test/multipart.ts";
import { type XlsxBomb, xlsxBombs } from "../../test/xlsx-bombs.ts";
import { rowXml, SHEET_TAIL, sheetHead, xlsxFromParts } from "../../test/xlsx-parts.ts";
import { OFFERS_COLUMNS } from "./offers-file.ts";

// Files crafted to cost far more to read than their size: each is refused with a 400 naming the limit it
// passed, nothing is written, and the server's memory stays bounded while three are read at once.

const MB = 1024 * 1024;
const header = OFFERS_COLUMNS.map((c) => c.header);
const TOO_LARGE = "Лист слишком большой: не более 16 МБ в распакованном виде";
const DETAILS: Record<XlsxBomb, string> = {
  cells: "Слишком много ячеек на листе: не более 250\u00a0000",
  rows: "Слишком много строк: не более 20000",
  // Refused from the directory alone.
  declaredHuge: TOO_LARGE,
  // Reading stops at the first byte past the claim: the archive lies, so it is no spreadsheet.
  declaredSmall: "Файл не является книгой Excel (.xlsx)",
  dimension: "Слишком много строк: не более 20000",
  sharedString: "Слишком много текста в ячейках: не более 8\u00a0000\u00a0000 символов",
  sharedStringCount: TOO_LARGE,
};

let t: TestApp;
let bombs: Record<XlsxBomb, Buffer>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  // Signed in before the uploads race, which would each create the account.
  await t.as("office");
  bombs = await xlsxBombs(header);
});
afterAll(() => t.close());

const upload = (data: Buffer) =>
  t.call("office", {
    method: "POST",
    url: "/api/storehouse/offers/file/",
    ...multipartBody({}, { file: { data, filename: "offers.xlsx" } }),
  });

async function catalogue() {
  return Promise.all([
    t.db.select().from(brands),
    t.db.select().from(products),
    t.db.select().from(modifications),
    t.db.select().from(priceTiers),
  ]);
}

describe("an offers file built to cost more than its size", () => {
  it("is small to upload", () => {
    for (const data of Object.values(bombs)) expect(data.length).toBeLessThan(MB);
  });

  it("is refused with the limit it passed, three at a time, in bounded memory, writing nothing", async () => {
    const before = await catalogue();
    // Resident memory sampled while the files are read (the event loop stays free to sample it).
    const startRss = process.memoryUsage.rss();
    let peakRss = startRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 10);
    const entries = Object.entries(bombs) as [XlsxBomb, Buffer][];
    for (let i = 0; i < entries.length; i += 3) {
      const group = entries.slice(i, i + 3);
      const answers = await Promise.all(group.map(([, data]) => upload(data)));
      for (const [index, answer] of answers.entries()) {
        const [name] = group[index] as (typeof entries)[number];
        expect({ name, status: answer.statusCode, detail: answer.json().detail }).toEqual({
          name,
          status: 400,
          detail: DETAILS[name],
        });
        expect(answer.json().errors.file).toHaveLength(1);
      }
    }
    // The process's peak resident memory, worker threads included, grew by less than 200 MB.
    clearInterval(sampler);
    expect((peakRss - startRss) / MB).toBeLessThan(200);
    expect(await catalogue()).toEqual(before);
  });

  it("leaves the server answering: a good file right after imports", async () => {
    const sheet = sheetHead("A1:H2") + rowXml(1, header) + rowXml(2, ["Б", "П", "М", 1, 1, 10, 10, "Рубль"]);
    const res = await upload(xlsxFromParts({ sheet: sheet + SHEET_TAIL }));
    expect(res.json()).toEqual({ rows: 1, created: 1, updated: 0, unchanged: 0, clients_to_tell: 0 });
  });
});
