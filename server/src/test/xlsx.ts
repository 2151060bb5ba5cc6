import ExcelJS from "exceljs";

/** Reads a generated workbook back, for tests that check what a spreadsheet contains. */
export async function readXlsx(data: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input with a Buffer declaration that predates Node's generic Buffer.
  await workbook.xlsx.load(Buffer.from(data) as unknown as Parameters<ExcelJS.Xlsx["load"]>[0]);
  return workbook;
}
