import { PassThrough, type Writable } from "node:stream";
import ExcelJS from "exceljs";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Money in every sheet the product writes: two decimals, thousands grouped. */
export const MONEY_FORMAT = "#,##0.00";

export type XlsxColumn = { header: string; key: string; width?: number; numFmt?: string };
export type XlsxRow = Record<string, string | number | boolean | Date | null | undefined>;
export type XlsxSheet = {
  name: string;
  columns: XlsxColumn[];
  rows: Iterable<XlsxRow> | AsyncIterable<XlsxRow>;
};

// A text cell starting with one of these is a formula to a spreadsheet program that re-parses it (a CSV
// export, a paste): such cells get the text number format so they stay text.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Writes a workbook with ExcelJS's streaming writer, one committed row at a time, so memory stays flat
 * however many rows there are. Strings are always written as text, never as formulas.
 */
export async function writeXlsx(out: Writable, sheets: XlsxSheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.columns = sheet.columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width ?? 16,
      style: c.numFmt ? { numFmt: c.numFmt } : {},
    }));
    worksheet.getRow(1).font = { bold: true };
    for await (const values of sheet.rows) {
      const row = worksheet.addRow(values);
      row.eachCell((cell) => {
        if (typeof cell.value === "string" && FORMULA_START.test(cell.value)) cell.numFmt = "@";
      });
      row.commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
}

/** The whole workbook in memory: for files kept in the database (reports). */
export async function xlsxBuffer(sheets: XlsxSheet[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  await writeXlsx(out, sheets);
  await done;
  return Buffer.concat(chunks);
}
