import {
  rowXml,
  SHARED_STRINGS_TAIL,
  SHEET_TAIL,
  sharedStringsHead,
  sheetHead,
  xlsxFromParts,
} from "./xlsx-parts.ts";
import { deflateRepeated } from "./zip.ts";

/**
 * Spreadsheets crafted to cost far more to read than their size (each under a megabyte), with `header` as
 * their first row: for the offers file's tests and the uploads benchmark.
 */
export async function xlsxBombs(header: string[]) {
  const head = sheetHead() + rowXml(1, header);
  const goodRow = rowXml(2, ["Б", "П", "М", 1, 1, 10, 10, "Рубль"]);
  return {
    // 3,000,000 empty cells: 12 MB of XML, a few kilobytes compressed.
    cells: xlsxFromParts({ sheet: await deflateRepeated(head, "<c/>", 3_000_000, SHEET_TAIL) }),
    // 300,000 one-cell rows (the 190 KB file that froze the server had a million).
    rows: xlsxFromParts({
      sheet: await deflateRepeated(head, "<row><c><v>1</v></c></row>", 300_000, SHEET_TAIL),
    }),
    // The directory claims a 4 GB sheet.
    declaredHuge: xlsxFromParts({
      sheet: head + goodRow + SHEET_TAIL,
      declaredSizes: { "xl/worksheets/sheet1.xml": 0xfffffff0 },
    }),
    // The directory claims 1 KB; the sheet inflates to 50 MB.
    declaredSmall: xlsxFromParts({
      sheet: await deflateRepeated(head, " ", 50 * 1024 * 1024, SHEET_TAIL),
      declaredSizes: { "xl/worksheets/sheet1.xml": 1024 },
    }),
    // Two real rows under a used range of every cell a sheet can have.
    dimension: xlsxFromParts({
      sheet: sheetHead("A1:XFD1048576") + rowXml(1, header) + goodRow + SHEET_TAIL,
    }),
    // One 1,000,000-character shared string in every cell of 20,000 rows: 160 billion characters to hand back.
    sharedString: xlsxFromParts({
      sharedStrings: await deflateRepeated(
        `${sharedStringsHead(1)}<si><t>`,
        "x",
        1_000_000,
        `</t></si>${SHARED_STRINGS_TAIL}`,
      ),
      sheet: await deflateRepeated(
        head,
        `<row>${'<c t="s"><v>0</v></c>'.repeat(8)}</row>`,
        20_000,
        SHEET_TAIL,
      ),
    }),
    // 900,000 shared strings: more than the cells that could ever use them.
    sharedStringCount: xlsxFromParts({
      sharedStrings: await deflateRepeated(
        sharedStringsHead(900_000),
        "<si><t>a</t></si>",
        900_000,
        SHARED_STRINGS_TAIL,
      ),
      sheet: head + SHEET_TAIL,
    }),
  };
}

export type XlsxBomb = keyof Awaited<ReturnType<typeof xlsxBombs>>;
