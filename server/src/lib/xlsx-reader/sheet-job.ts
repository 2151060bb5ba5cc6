// What the server and a sheet's worker thread (sheet-worker.ts) say to each other.
import type { SheetBudget, SheetRefusalReason, SheetRow } from "./first-sheet.ts";

export type SheetJob = { data: Uint8Array; budget: SheetBudget };
/** `reading` first (the worker is up: the deadline starts), then the rows or the refusal. */
export type SheetAnswer = { reading: true } | { rows: SheetRow[] } | { refused: SheetRefusalReason };
/** What the server posts when it no longer wants the answer (the reading outlived its deadline). */
export const STOP_READING = "stop";
