import type { Db } from "../db/client.ts";

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Holds the app's statements whose text matches `pattern` until `release`: the driver's query (PGlite's, or the
 * PostgreSQL pool's) waits before it runs them, so a test can act while a request is mid-way, after its body
 * was read and before its change is written. `held` settles when the first one is waiting. With `after`, that
 * many matching statements run first (a test stops a request between two of its writes).
 */
export function holdStatements(
  db: Db,
  pattern: RegExp,
  { after = 0 }: { after?: number } = {},
): { held: Promise<void>; release: () => void } {
  const client = (db as unknown as { $client: { query: Query } }).$client;
  const query = client.query;
  let caught = () => {};
  const held = new Promise<void>((resolve) => {
    caught = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let passed = 0;
  client.query = async function (this: unknown, ...args: unknown[]) {
    const [statement] = args;
    const text = typeof statement === "string" ? statement : (statement as { text?: string }).text;
    if (text !== undefined && pattern.test(text) && passed++ >= after) {
      caught();
      await released;
    }
    return query.apply(this, args);
  };
  return {
    held,
    release: () => {
      // The driver's own method (on its prototype) answers again.
      Reflect.deleteProperty(client, "query");
      release();
    },
  };
}
