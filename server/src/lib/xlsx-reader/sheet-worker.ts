// The worker thread that reads a sheet: a bomb costs this thread's time and bounded heap, never the
// server's event loop. Started by `read-sheet-off-thread.ts`; bundled as dist/xlsx-sheet-worker.js.
import { parentPort, workerData } from "node:worker_threads";
import {
  readFirstSheet,
  type SheetBudget,
  SheetRefusal,
  type SheetRefusalReason,
  type SheetRow,
} from "./first-sheet.ts";

export type SheetJob = { data: Uint8Array; budget: SheetBudget };
/** `reading` first (the worker is up: the deadline starts), then the rows or the refusal. */
export type SheetAnswer = { reading: true } | { rows: SheetRow[] } | { refused: SheetRefusalReason };

const { data, budget } = workerData as SheetJob;
const answer = (message: SheetAnswer) => parentPort?.postMessage(message);
answer({ reading: true });
readFirstSheet(Buffer.from(data.buffer, data.byteOffset, data.byteLength), budget).then(
  (rows) => answer({ rows }),
  (error: unknown) => {
    // Anything else is a defect of the reader: it surfaces as the worker's error.
    if (!(error instanceof SheetRefusal) || error.reason === "too_slow") throw error;
    answer({ refused: error.reason });
  },
);
