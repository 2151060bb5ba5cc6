import type { Db } from "../../db/client.ts";
import { isDatabaseUnavailable } from "../../db/connection-loss.ts";
import { createBackoff } from "../../lib/backoff.ts";
import { type ClaimedRow, markOutcomes, type Outcome } from "../../modules/outbox/index.ts";

export type SendResult = { row: ClaimedRow; outcome: Outcome };

export type OutcomeRecorder = {
  /** Queues one answered send (and the file_id its upload produced) for the next write. */
  record: (result: SendResult, fileId?: { messageId: number; fileId: string }) => void;
  /**
   * Waits until everything queued is recorded. With `giveUpAfterMs`, stops trying a database that does not
   * come back within that time (shutdown): the rows left are sent again once their lease runs out.
   */
  flush: (options?: { giveUpAfterMs?: number }) => Promise<void>;
};

/** Writes start at most this often: what is answered meanwhile goes in one transaction. */
const WRITE_EVERY_MS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Records each send's outcome soon after it is answered (within about 100 ms), so a crash re-sends what was
 * in flight and the last tenth of a second, never sends already answered that waited for a slower one of
 * their batch. Outcomes answered within one tenth of a second go together in one write: a busy worker writes
 * about ten small transactions a second, whatever its rate (the embedded database has one thread for all).
 *
 * A write the database lost (a restart, a failover) is tried again, waiting 100 ms doubling to 5 s, until it
 * is recorded: a delivered message is not sent again when its lease runs out. Recording twice changes
 * nothing (`markOutcomes` touches only rows still under their lease). A write refused for another reason is
 * tried row by row, so one row that cannot be recorded does not hold back the others; that row is logged and
 * left to its lease.
 */
export function createOutcomeRecorder({
  db,
  onError,
  onRecorded,
}: {
  db: Db;
  onError: (error: unknown, context: string) => void;
  /** The results a write has dealt with: stored, or (refused on their own) left to their leases. */
  onRecorded: (results: SendResult[]) => void;
}): OutcomeRecorder {
  const backoff = createBackoff({ firstMs: 100, maxMs: 5_000 });
  let queue: SendResult[] = [];
  let fileIds = new Map<number, string>();
  let writing: Promise<void> | undefined;
  let giveUpAt = Number.POSITIVE_INFINITY;

  async function writeOneByOne(results: SendResult[], ids: Map<number, string>): Promise<void> {
    for (const result of results) {
      const own = new Map([...ids].filter(([messageId]) => messageId === result.row.clientMessageId));
      try {
        await markOutcomes(db, [result], own);
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        onError(error, `mark row ${result.row.id}`);
      }
    }
  }

  /** Writes the outcomes; throws only when the database is away, for the caller to try again later. */
  async function write(results: SendResult[], ids: Map<number, string>): Promise<void> {
    try {
      await markOutcomes(db, results, ids);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      onError(error, "mark");
      await writeOneByOne(results, ids);
    }
  }

  let lastWriteAt = 0;

  async function drain(): Promise<void> {
    while (queue.length > 0 || fileIds.size > 0) {
      const due = lastWriteAt + WRITE_EVERY_MS - Date.now();
      if (due > 0) await wait(due);
      lastWriteAt = Date.now();
      const results = queue;
      const ids = fileIds;
      queue = [];
      fileIds = new Map();
      try {
        await write(results, ids);
        backoff.succeed();
        onRecorded(results);
      } catch (error) {
        onError(error, "mark");
        if (Date.now() >= giveUpAt) {
          onError(
            new Error(`${results.length} answered sends not recorded: they are sent again after their lease`),
            "mark",
          );
          continue;
        }
        // Put back in front, as they were answered before what queued meanwhile.
        queue = [...results, ...queue];
        for (const [messageId, fileId] of ids) if (!fileIds.has(messageId)) fileIds.set(messageId, fileId);
        await wait(Math.min(backoff.fail(), giveUpAt - Date.now()));
      }
    }
  }

  function startWriting(): void {
    writing ??= drain().finally(() => {
      writing = undefined;
      // An outcome queued between the drain's last look and this moment found a write still under way.
      if (queue.length > 0) startWriting();
    });
  }

  return {
    record(result, fileId) {
      queue.push(result);
      if (fileId) fileIds.set(fileId.messageId, fileId.fileId);
      startWriting();
    },
    async flush({ giveUpAfterMs } = {}) {
      if (giveUpAfterMs !== undefined) giveUpAt = Date.now() + giveUpAfterMs;
      try {
        while (writing) await writing;
      } finally {
        giveUpAt = Number.POSITIVE_INFINITY;
      }
    },
  };
}
