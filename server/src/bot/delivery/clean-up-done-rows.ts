import type { Db } from "../../db/client.ts";
import { deleteDoneRows } from "../../modules/outbox/index.ts";

/** Deletes the done rows older than `retentionMs`, at most once every `everyMs`, whenever it is called. */
export function createDoneRowsCleanup({
  db,
  retentionMs,
  everyMs,
}: {
  db: Db;
  retentionMs: number;
  everyMs: number;
}): () => Promise<void> {
  let lastCleanup = 0;
  return async () => {
    if (Date.now() - lastCleanup < everyMs) return;
    lastCleanup = Date.now();
    await deleteDoneRows(db, retentionMs);
  };
}
