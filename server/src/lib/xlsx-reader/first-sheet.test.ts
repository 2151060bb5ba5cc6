import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { rowXml, SHEET_TAIL, sharedStringsHead, sheetHead, xlsxFromParts } from "../../test/xlsx-parts.ts";
import { zipArchive } from "../../test/zip.ts";
import { readFirstSheet, type SheetBudget, SheetRefusal } from "./first-sheet.ts";

const budget: SheetBudget = {
  maxRows: 100,
  maxColumns: 4,
  maxCells: 1000,
  maxXmlBytes: 1024 * 1024,
  maxTextChars: 10_000,
};

async function refusal(data: Buffer, limits: Partial<SheetBudget> = {}) {
  const error = await readFirstSheet(data, { ...budget, ...limits }).catch((e: unknown) => e);
  return error instanceof SheetRefusal ? error.reason : error;
}

describe("readFirstSheet", () => {
  it("reads what exceljs writes: shared strings, numbers, booleans, formula results, rich text", async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet("Первый");
    first.addRow(["Брэнд", 1.5, true, { formula: "1+1", result: 2 }]);
    first.addRow([{ richText: [{ text: "Жир" }, { text: "ный" }] }, null, "", "Рубль"]);
    first.addRow([]);
    first.addRow(["после пустой"]);
    workbook.addWorksheet("Второй").addRow(["не этот"]);
    const rows = await readFirstSheet(Buffer.from(await workbook.xlsx.writeBuffer()), budget);
    expect(rows).toEqual([
      { number: 1, cells: ["Брэнд", 1.5, true, 2] },
      { number: 2, cells: ["Жирный", undefined, undefined, "Рубль"] },
      { number: 4, cells: ["после пустой"] },
    ]);
  });

  it("takes the first tab, prefixed namespaces, inline strings without their phonetic hints, stored parts", async () => {
    const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    const rels = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    const relationships = (items: string) =>
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;
    const sheet = (text: string) =>
      `<x:worksheet xmlns:x="${main}"><x:sheetData><x:row r="3"><x:c r="B3" t="inlineStr"><x:is>` +
      `<x:r><x:t>${text}</x:t></x:r><x:rPh><x:t>ふりがな</x:t></x:rPh></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const data = zipArchive([
      {
        name: "_rels/.rels",
        data: Buffer.from(
          relationships(`<Relationship Id="a" Type="${rels}/officeDocument" Target="/book/main.xml"/>`),
        ),
      },
      {
        name: "book/main.xml",
        data: Buffer.from(
          `<x:workbook xmlns:x="${main}" xmlns:rel="${rels}"><x:sheets>` +
            `<x:sheet name="Tab1" sheetId="7" rel:id="s7"/><x:sheet name="Tab2" sheetId="1" rel:id="s1"/>` +
            "</x:sheets></x:workbook>",
        ),
      },
      {
        name: "book/_rels/main.xml.rels",
        data: Buffer.from(
          relationships(
            `<Relationship Id="s1" Type="${rels}/worksheet" Target="sheets/one.xml"/>` +
              `<Relationship Id="s7" Type="${rels}/worksheet" Target="sheets/../sheets/seven.xml"/>`,
          ),
        ),
      },
      { name: "book/sheets/one.xml", data: Buffer.from(sheet("второй лист")) },
      { name: "book/sheets/seven.xml", data: Buffer.from(sheet("A &amp; B")), stored: true },
    ]);
    expect(await readFirstSheet(data, budget)).toEqual([{ number: 3, cells: [undefined, "A & B"] }]);
  });

  it("counts cells past the kept columns, and a row whose only value lies there", async () => {
    const sheet =
      sheetHead() + rowXml(1, ["a", "b", "c", "d", "e", "f"]) + rowXml(2, [null, null, null, null, "e"]);
    const data = xlsxFromParts({ sheet: sheet + SHEET_TAIL });
    expect(await readFirstSheet(data, budget)).toEqual([
      { number: 1, cells: ["a", "b", "c", "d"] },
      { number: 2, cells: [] },
    ]);
    expect(await refusal(data, { maxCells: 6 })).toBe("too_many_cells");
    expect(await refusal(data, { maxRows: 1 })).toBe("too_many_rows");
    expect(await refusal(data, { maxTextChars: 3 })).toBe("too_much_text");
  });

  it("refuses what is no spreadsheet: other bytes, a damaged archive, no workbook, bad XML, a bad string index", async () => {
    expect(await refusal(Buffer.from("not a zip at all"))).toBe("not_xlsx");
    const good = xlsxFromParts({ sheet: sheetHead() + rowXml(1, ["a"]) + SHEET_TAIL });
    expect(await refusal(good.subarray(0, good.length - 30))).toBe("not_xlsx");
    expect(await refusal(zipArchive([{ name: "a.txt", data: Buffer.from("a") }]))).toBe("not_xlsx");
    expect(await refusal(xlsxFromParts({ sheet: `${sheetHead()}<row><c>` }))).toBe("not_xlsx");
    // An entity declared in a DTD (the billion-laughs bomb) is never expanded: the XML is refused.
    const dtd = `\n<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">]>`;
    const entity = `${sheetHead().replace("\n", dtd)}<row><c t="inlineStr"><is><t>&a;</t></is></c></row>${SHEET_TAIL}`;
    expect(await refusal(xlsxFromParts({ sheet: entity }))).toBe("not_xlsx");
    const badIndex = xlsxFromParts({
      sheet: `${sheetHead()}<row><c t="s"><v>5</v></c></row>${SHEET_TAIL}`,
      sharedStrings: `${sharedStringsHead(1)}<si><t>a</t></si></sst>`,
    });
    expect(await refusal(badIndex)).toBe("not_xlsx");
  });
});
