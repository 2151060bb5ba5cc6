// The worker thread that reads a sheet: a bomb costs this thread's time and bounded heap, never the
// server's event loop. Started by `read-sheet-off-thread.ts`; bundled as dist/xlsx-sheet-worker.js.
import { parentPort, workerData } from "node:worker_threads";
import { readFirstSheet, SheetRefusal } from "./first-sheet.ts";
import { type SheetAnswer, type SheetJob, STOP_READING } from "./sheet-job.ts";

const { data, budget } = workerData as SheetJob;
// Told to stop, the worker ends itself between two pieces of its reading. Terminated from outside, it could be
// stopped inside zlib's set-up of an inflate, which aborts the whole process on Node 24 (node_zlib.cc "close
// before init", seen in CI). Unreferenced: the port alone does not keep a worker that has answered alive.
parentPort?.on("message", (message: unknown) => {
  if (message === STOP_READING) process.exit(0);
});
parentPort?.unref();
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
