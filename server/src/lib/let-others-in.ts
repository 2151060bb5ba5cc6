import { setImmediate } from "node:timers/promises";

/**
 * Resolves once the event loop has read what arrived meanwhile (its poll phase, where requests come in). Long
 * work on the embedded database waits for it between its steps: PGlite runs each statement on this thread,
 * holding the loop until the statement (or a whole transaction) ends. One `setImmediate` is not enough: from an
 * I/O callback it runs in the same turn of the loop, before the next poll; two always span one.
 */
export async function letOthersIn(): Promise<void> {
  await setImmediate();
  await setImmediate();
}
