import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCurrency } from "../../db/factories/catalogue.ts";
import { brands, modifications, priceTiers, products } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { multipartBody } from "../../test/multipart.ts";
import {
  rowXml,
  SHARED_STRINGS_TAIL,
  SHEET_TAIL,
  sharedStringsHead,
  sheetHead,
  xlsxFromParts,
} from "../../test/xlsx-parts.ts";
import { deflateRepeated } from "../../test/zip.ts";
import { OFFERS_COLUMNS } from "./offers-file.ts";

// Files crafted to cost far more to read than their size: each is refused with a 400 naming the limit it
// passed, nothing is written, and the server's memory stays bounded while three are read at once.

const HEADER = rowXml(
  1,
  OFFERS_COLUMNS.map((c) => c.header),
);
const GOOD_ROW = rowXml(2, ["Б", "П", "М", 1, 1, 10, 10, "Рубль"]);
const MB = 1024 * 1024;

let t: TestApp;
const bombs: Record<string, { data: Buffer; detail: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedCurrency(t.db, { name: "Рубль", sign: "₽" });
  // Signed in before the uploads race, which would each create the account.
  await t.as("office");
  bombs.cells = {
    // 3,000,000 empty cells: 12 MB of XML, a few kilobytes compressed.
    data: xlsxFromParts({
      sheet: await deflateRepeated(sheetHead() + HEADER, "<c/>", 3_000_000, SHEET_TAIL),
    }),
    detail: "Слишком много ячеек на листе: не более 250\u00a0000",
  };
  bombs.rows = {
    // 300,000 one-cell rows (the 190 KB file that froze the server had a million).
    data: xlsxFromParts({
      sheet: await deflateRepeated(sheetHead() + HEADER, "<row><c><v>1</v></c></row>", 300_000, SHEET_TAIL),
    }),
    detail: "Слишком много строк: не более 20000",
  };
  bombs.declaredHuge = {
    // The directory claims a 4 GB sheet: refused from the directory alone.
    data: xlsxFromParts({
      sheet: sheetHead() + HEADER + GOOD_ROW + SHEET_TAIL,
      declaredSizes: { "xl/worksheets/sheet1.xml": 0xfffffff0 },
    }),
    detail: "Лист слишком большой: не более 16 МБ в распакованном виде",
  };
  bombs.declaredSmall = {
    // The directory claims 1 KB, the sheet inflates to 50 MB: reading stops at the first byte past the claim.
    data: xlsxFromParts({
      sheet: await deflateRepeated(sheetHead() + HEADER, " ", 50 * MB, SHEET_TAIL),
      declaredSizes: { "xl/worksheets/sheet1.xml": 1024 },
    }),
    detail: "Файл не является книгой Excel (.xlsx)",
  };
  bombs.dimension = {
    // Two real rows under a used range of every cell a sheet can have.
    data: xlsxFromParts({ sheet: sheetHead("A1:XFD1048576") + HEADER + GOOD_ROW + SHEET_TAIL }),
    detail: "Слишком много строк: не более 20000",
  };
  bombs.sharedString = {
    // One 1,000,000-character shared string in every cell of 20,000 rows: 160 billion characters to hand back.
    data: xlsxFromParts({
      sharedStrings: await deflateRepeated(
        `${sharedStringsHead(1)}<si><t>`,
        "x",
        1_000_000,
        `</t></si>${SHARED_STRINGS_TAIL}`,
      ),
      sheet: await deflateRepeated(
        sheetHead() + HEADER,
        `<row>${'<c t="s"><v>0</v></c>'.repeat(8)}</row>`,
        20_000,
        SHEET_TAIL,
      ),
    }),
    detail: "Слишком много текста в ячейках: не более 8\u00a0000\u00a0000 символов",
  };
  bombs.sharedStringCount = {
    // 900,000 distinct-looking shared strings: more than the cells that could ever use them.
    data: xlsxFromParts({
      sharedStrings: await deflateRepeated(
        sharedStringsHead(900_000),
        "<si><t>a</t></si>",
        900_000,
        SHARED_STRINGS_TAIL,
      ),
      sheet: sheetHead() + HEADER + SHEET_TAIL,
    }),
    detail: "Лист слишком большой: не более 16 МБ в распакованном виде",
  };
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
    for (const bomb of Object.values(bombs)) expect(bomb.data.length).toBeLessThan(MB);
  });

  it("is refused with the limit it passed, three at a time, in bounded memory, writing nothing", async () => {
    const before = await catalogue();
    // Resident memory sampled while the files are read (the event loop stays free to sample it).
    const startRss = process.memoryUsage.rss();
    let peakRss = startRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 10);
    const entries = Object.entries(bombs);
    for (let i = 0; i < entries.length; i += 3) {
      const group = entries.slice(i, i + 3);
      const answers = await Promise.all(group.map(([, bomb]) => upload(bomb.data)));
      for (const [index, answer] of answers.entries()) {
        const [name, bomb] = group[index] as (typeof entries)[number];
        expect({ name, status: answer.statusCode, detail: answer.json().detail }).toEqual({
          name,
          status: 400,
          detail: bomb.detail,
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
    const res = await upload(xlsxFromParts({ sheet: sheetHead("A1:H2") + HEADER + GOOD_ROW + SHEET_TAIL }));
    expect(res.json()).toEqual({ rows: 1, created: 1, updated: 0, unchanged: 0 });
  });
});
