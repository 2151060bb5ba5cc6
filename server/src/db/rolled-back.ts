import type { Db, Tx } from "./client.ts";

class Rollback extends Error {}

/**
 * Runs `work` in a transaction that is always rolled back, and answers what it answered: a staff preview's dry
 * run (the bot's, the Mini App's, the prepared list's), whose answers are real and whose changes are never kept.
 * An error of `work` rolls back as any would, and is thrown on.
 */
export async function rolledBack<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      result = { value: await work(tx) };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!result) throw new Error("the rolled-back work gave no result");
  return result.value;
}
