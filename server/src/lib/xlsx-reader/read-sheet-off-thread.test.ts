import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";
import { waitUntil } from "../../test/wait.ts";
import { rowXml, SHEET_TAIL, sheetHead, xlsxFromParts } from "../../test/xlsx-parts.ts";
import { type SheetBudget, SheetRefusal } from "./first-sheet.ts";
import { readFirstSheetOffThread } from "./read-sheet-off-thread.ts";
import { STOP_READING } from "./sheet-job.ts";

const budget: SheetBudget = {
  maxRows: 20_001,
  maxColumns: 8,
  maxCells: 250_000,
  maxXmlBytes: 16 * 1024 * 1024,
  maxTextChars: 8_000_000,
};

/** An honest sheet of `rows` rows of eight cells: within every limit, and some work to read. */
function sheet(rows: number): Buffer {
  let xml = sheetHead(`A1:H${rows}`);
  for (let row = 1; row <= rows; row++) {
    xml += rowXml(row, ["Брэнд", "Продукт", `Модификация ${row}`, row, 1, 10.5, 9.25, "Рубль"]);
  }
  return xlsxFromParts({ sheet: xml + SHEET_TAIL });
}

describe("readFirstSheetOffThread", () => {
  it("hands back the rows its worker read", async () => {
    const rows = await readFirstSheetOffThread(sheet(3), budget, { deadlineMs: 60_000 });
    expect(rows.map((r) => r.cells[2])).toEqual(["Модификация 1", "Модификация 2", "Модификация 3"]);
  });

  it("refuses a reading that outlives its deadline as too slow, and the worker ends itself", async () => {
    // Terminated from outside, a worker inside zlib's set-up aborts the whole process on Node 24.
    const asked = vi.spyOn(Worker.prototype, "postMessage");
    const terminated = vi.spyOn(Worker.prototype, "terminate");
    try {
      const error = await readFirstSheetOffThread(sheet(5000), budget, { deadlineMs: 1 }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SheetRefusal);
      expect((error as SheetRefusal).reason).toBe("too_slow");
      expect(asked.mock.calls).toEqual([[STOP_READING]]);
      const worker = asked.mock.contexts[0] as Worker;
      await waitUntil("the worker to end", () => worker.threadId === -1);
      expect(terminated).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
      terminated.mockRestore();
    }
  });
});
