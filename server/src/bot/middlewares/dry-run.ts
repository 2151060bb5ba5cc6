import type { NextFunction } from "grammy";
import { rolledBack } from "../../db/rolled-back.ts";
import type { BotContext } from "../context.ts";

/**
 * In the preview's dry run the handlers work in a transaction that is always rolled back: every answer is
 * what the real bot would say, and nothing (an order, a registration, a claim) is kept.
 */
export async function dryRun(ctx: BotContext, next: NextFunction): Promise<void> {
  if (!ctx.deps.dryRun) {
    ctx.db = ctx.deps.db;
    return next();
  }
  await rolledBack(ctx.deps.db, async (tx) => {
    ctx.db = tx;
    await next();
  });
}
