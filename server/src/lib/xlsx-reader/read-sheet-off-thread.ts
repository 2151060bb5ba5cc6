import { Worker, type WorkerOptions } from "node:worker_threads";
import { type SheetBudget, SheetRefusal, type SheetRow } from "./first-sheet.ts";
import { type SheetAnswer, type SheetJob, STOP_READING } from "./sheet-job.ts";

/**
 * The worker's heap: a legitimate 20,000-row sheet needs a fraction of it; a file that needs more is refused
 * (the worker dies alone) rather than growing the server.
 */
const WORKER_HEAP_MB = 64;

/**
 * How long a worker told to stop has to end itself before it is terminated: it reads in pieces and looks at its
 * messages between them, unless one piece holds it (then terminating is the only way).
 */
const STOP_GRACE_MS = 30_000;

/** Whether this Node runs TypeScript itself (22.18 and 24 do; the installed @types/node does not know the flag). */
const nativeTypeScript = () => Boolean((process.features as { typescript?: string | false }).typescript);

/** The worker: bundled beside main.js by the build; from the sources (tests, `npm run dev`), this folder's TypeScript. */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./xlsx-sheet-worker.js", import.meta.url), options);
  }
  // Node 24 strips the types itself. Through tsx, the worker ran tsx's module hooks on a thread of its own, and
  // terminating such a worker now and then aborted the whole process on Node 24 (a fatal error in the worker's
  // cleanup, seen in CI; the bundled worker never did in 300 runs that terminated each).
  if (nativeTypeScript()) return new Worker(new URL("./sheet-worker.ts", import.meta.url), options);
  // Node 20 runs no TypeScript, and a worker does not inherit tsx's hooks: it imports its entry through tsx.
  const entry = JSON.stringify(new URL("./sheet-worker.ts", import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  return new Worker(`import(${tsx}).then((api) => api.tsImport(${entry}, ${entry}))`, {
    ...options,
    eval: true,
  });
}

/**
 * `readFirstSheet` in a worker thread, so the server keeps answering while a sheet is read. Reading longer
 * than `deadlineMs` stops the worker and refuses the file as `too_slow`; a worker out of heap refuses it
 * as `too_large`.
 */
export function readFirstSheetOffThread(
  data: Buffer,
  budget: SheetBudget,
  { deadlineMs }: { deadlineMs: number },
): Promise<SheetRow[]> {
  return new Promise((resolve, reject) => {
    const job: SheetJob = { data, budget };
    const worker = startWorker({
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
      stop(worker);
    };
    worker.on("message", (answer: SheetAnswer) => {
      if ("reading" in answer) {
        timer = setTimeout(() => settle(() => reject(new SheetRefusal("too_slow"))), deadlineMs);
      } else if ("rows" in answer) {
        settle(() => resolve(answer.rows));
      } else {
        settle(() => reject(new SheetRefusal(answer.refused)));
      }
    });
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new SheetRefusal("too_large") : error)),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`spreadsheet worker exited with ${code} before answering`))),
    );
  });
}

/** Ends a worker whose answer is no longer wanted: by asking, then by force. */
function stop(worker: Worker) {
  const force = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
  force.unref();
  worker.once("exit", () => clearTimeout(force));
  worker.postMessage(STOP_READING);
}
