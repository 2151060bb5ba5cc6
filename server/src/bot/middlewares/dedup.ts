import type { NextFunction } from "grammy";
import { botUpdates } from "../../db/schema/index.ts";
import type { BotContext } from "../context.ts";

/**
 * Takes each Telegram update once: the first instance to record its id handles it, a second delivery (a
 * webhook retried after a timeout, a poller that died before confirming) is skipped. An update that fails
 * after being taken is not retried, so nothing it did happens twice.
 */
export async function dedup(ctx: BotContext, next: NextFunction): Promise<void> {
  if (!ctx.deps.dedupUpdates) return next();
  const taken = await ctx.deps.db
    .insert(botUpdates)
    .values({ updateId: ctx.update.update_id })
    .onConflictDoNothing()
    .returning({ updateId: botUpdates.updateId });
  if (taken.length === 0) return;
  await next();
}
