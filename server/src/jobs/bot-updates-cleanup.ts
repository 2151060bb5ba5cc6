import { lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { botUpdates } from "../db/schema/index.ts";
import type { Clock } from "../lib/clock.ts";
import type { Job } from "./scheduler.ts";

/**
 * Telegram keeps an undelivered update for at most 24 hours, so an id older than that can never arrive again:
 * the dedup table only needs the last day. A week leaves room for a clock or a webhook retry gone astray.
 */
export const BOT_UPDATES_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Forgets taken update ids older than the retention; deleting the same rows twice is harmless across instances. */
export async function forgetOldBotUpdates(deps: { db: Db; clock: Clock }): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - BOT_UPDATES_KEPT_MS);
  const deleted = await deps.db
    .delete(botUpdates)
    .where(lt(botUpdates.receivedAt, before))
    .returning({ updateId: botUpdates.updateId });
  return deleted.length;
}

export function botUpdatesCleanupJob(deps: { db: Db; clock: Clock }): Job {
  return {
    name: "bot-updates-cleanup",
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await forgetOldBotUpdates(deps);
    },
  };
}
