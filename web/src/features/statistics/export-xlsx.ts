export type ExportCell = string | number | null;

/**
 * Saves a table as an xlsx file exactly as the screen shows it (its rows already filtered and sorted).
 * exceljs is loaded on the first export only, so it stays out of the screen's bundle.
 */
export async function exportXlsx(
  filename: string,
  sheet: string,
  headers: string[],
  rows: ExportCell[][],
): Promise<void> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheet.slice(0, 31));
  worksheet.addRow(headers).font = { bold: true };
  for (const row of rows) worksheet.addRow(row);
  worksheet.columns.forEach((column, i) => {
    const longest = Math.max(headers[i]?.length ?? 0, ...rows.map((r) => String(r[i] ?? "").length));
    column.width = Math.min(60, Math.max(10, longest + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
