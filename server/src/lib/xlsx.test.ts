import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { contentDisposition } from "../http/file-response.ts";
import { readXlsx } from "../test/xlsx.ts";
import { xlsxBuffer } from "./xlsx.ts";

describe("xlsxBuffer", () => {
  it("writes headers and rows that read back the same, formula-like text staying text", async () => {
    const buffer = await xlsxBuffer([
      {
        name: "Лист",
        columns: [
          { header: "Клиент", key: "client" },
          { header: "Кол-во", key: "quantity" },
        ],
        rows: [
          { client: "ООО «Ромашка»", quantity: 5 },
          { client: '=HYPERLINK("http://evil")', quantity: 1 },
          { client: "+79001234567", quantity: 2 },
          { client: "@cmd", quantity: 3 },
        ],
      },
    ]);
    const workbook = await readXlsx(buffer);
    const sheet = workbook.getWorksheet("Лист");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Клиент", "Кол-во"]);
    expect(sheet?.getCell("A2").value).toBe("ООО «Ромашка»");
    for (const [address, text] of [
      ["A3", '=HYPERLINK("http://evil")'],
      ["A4", "+79001234567"],
      ["A5", "@cmd"],
    ]) {
      const cell = sheet?.getCell(address as string);
      expect(cell?.type).toBe(ExcelJS.ValueType.String);
      expect(cell?.value).toBe(text);
      expect(cell?.numFmt).toBe("@");
    }
    expect(sheet?.getCell("B2").value).toBe(5);
  });

  it("streams from an async source", async () => {
    async function* rows() {
      for (let i = 0; i < 1000; i++) yield { n: i };
    }
    const workbook = await readXlsx(
      await xlsxBuffer([{ name: "A", columns: [{ header: "n", key: "n" }], rows: rows() }]),
    );
    expect(workbook.getWorksheet("A")?.rowCount).toBe(1001);
  });
});

describe("contentDisposition", () => {
  it("keeps the exact Cyrillic name for modern clients and an ASCII fallback", () => {
    expect(contentDisposition("Заказы_2026-11-22.xlsx")).toBe(
      `attachment; filename="_______2026-11-22.xlsx"; filename*=UTF-8''${encodeURIComponent("Заказы_2026-11-22.xlsx")}`,
    );
    expect(contentDisposition('a"b.xlsx')).toContain('filename="a_b.xlsx"');
  });
});
