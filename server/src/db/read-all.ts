import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client.ts";

type Answers<T extends readonly (() => PromiseLike<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Runs independent reads side by side on the pool, each on a connection of its own, and one after another in
 * a transaction, whose one connection runs one statement at a time. Sent together on a transaction, the driver
 * queues them (a use node-postgres deprecates), and when one fails the transaction rolls back while the others
 * still wait: PGlite then runs them outside any transaction. Each read is a function, so that none starts
 * before its turn.
 */
export async function readAll<T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Db | Tx,
  reads: [...T],
): Promise<Answers<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers<T>;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers<T>;
}
