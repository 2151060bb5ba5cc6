import type { NextFunction } from "grammy";
import type { BotContext } from "../context.ts";
import { texts } from "../texts.ts";

class UpdateTimeout extends Error {}

/**
 * The outermost middleware: an update gets a bounded time, and an error in it is logged and answered with a
 * short apology instead of reaching the runner. A handler that runs past the bound is not cancelled (its
 * database work finishes or rolls back on its own); the user is told to try again meanwhile.
 */
export async function guard(ctx: BotContext, next: NextFunction): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpdateTimeout()), ctx.deps.updateTimeoutMs);
  });
  try {
    await Promise.race([next(), limit]);
  } catch (error) {
    const timedOut = error instanceof UpdateTimeout;
    ctx.deps.log.error(
      { err: timedOut ? undefined : error, updateId: ctx.update.update_id },
      timedOut ? "bot update timed out" : "bot update failed",
    );
    await apologize(ctx, timedOut ? texts.timeout : texts.failure);
  } finally {
    clearTimeout(timer);
  }
}

async function apologize(ctx: BotContext, text: string): Promise<void> {
  try {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
    else if (ctx.chat) await ctx.reply(text);
  } catch (error) {
    ctx.deps.log.warn({ err: error, updateId: ctx.update.update_id }, "could not send the apology");
  }
}
