import { performance } from "node:perf_hooks";
import type { NextFunction } from "grammy";
import { AppError } from "../../http/errors.ts";
import { awakeTimeout } from "../../lib/awake-timeout.ts";
import type { BotContext } from "../context.ts";
import { texts } from "../texts.ts";

class UpdateTimeout extends Error {}

/**
 * The outermost middleware: an update gets a bounded time, and an error in it is logged and answered with a
 * short apology instead of reaching the runner; a service's refusal in the error model (an AppError below 500:
 * «Список пуст…», a conflict) is no failure, and the client reads its own Russian text instead. A handler that runs past the bound is not cancelled (its
 * database work finishes or rolls back on its own); the user is told to try again meanwhile, the chat's next
 * update goes ahead, and `ctx.timedOut` tells the late handler's middlewares not to keep its conversation state.
 */
export async function guard(ctx: BotContext, next: NextFunction): Promise<void> {
  ctx.timedOut = false;
  const metrics = ctx.deps.metrics;
  // A button press carries no date of its own (its message's is when the bot sent it).
  const sent = ctx.update.message?.date;
  metrics?.countUpdate(sent === undefined ? undefined : new Date(sent * 1000));
  const pressAnswered = watchPressAnswer(ctx);
  const started = performance.now();
  // Time the process could not run (a starved CPU, a long GC) does not count against the update: a plain
  // timer would fire first thing after such a stall and apologise for handlers about to finish.
  let cancel = () => {};
  const limit = new Promise<never>((_, reject) => {
    cancel = awakeTimeout(ctx.deps.updateTimeoutMs, () => {
      ctx.timedOut = true;
      reject(new UpdateTimeout());
    });
  });
  const handled = next();
  try {
    await Promise.race([handled, limit]);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await answer(ctx, error.detail, pressAnswered());
      return;
    }
    const timedOut = error instanceof UpdateTimeout;
    metrics?.countBotError(timedOut ? "timeout" : "error");
    ctx.deps.log.error(
      { err: timedOut ? undefined : error, updateId: ctx.update.update_id },
      timedOut ? "bot update timed out" : "bot update failed",
    );
    if (timedOut) logLateEnd(ctx, handled, started);
    await answer(ctx, timedOut ? texts.timeout : texts.failure, pressAnswered());
  } finally {
    cancel();
  }
}

/**
 * Whether a handler has already answered (or tried to answer) the button press of this update: Telegram takes
 * one answer per press, and none after about 15 s. Each update has its own `ctx.api`, so this sees only its calls.
 */
function watchPressAnswer(ctx: BotContext): () => boolean {
  let answered = false;
  if (ctx.callbackQuery) {
    ctx.api.config.use((prev, method, payload, signal) => {
      if (method === "answerCallbackQuery") answered = true;
      return prev(method, payload, signal);
    });
  }
  return () => answered;
}

/** How a timed-out update ended after all: its error would otherwise be lost. */
function logLateEnd(ctx: BotContext, handled: Promise<void>, started: number): void {
  const details = () => ({ updateId: ctx.update.update_id, ms: Math.round(performance.now() - started) });
  handled.then(
    () => ctx.deps.log.warn(details(), "bot update finished after its time"),
    (error: unknown) => ctx.deps.log.error({ ...details(), err: error }, "bot update failed after its time"),
  );
}

/**
 * The apology (or the refusal) goes to the chat as a message, the one answer the user is sure to see: a press
 * answered by its handler cannot be answered again, and one older than about 15 s not at all. A press still
 * unanswered is answered too, so its button stops spinning.
 */
async function answer(ctx: BotContext, text: string, pressAnswered: boolean): Promise<void> {
  if (ctx.callbackQuery && !pressAnswered) await tryTo(ctx, () => ctx.answerCallbackQuery());
  if (ctx.chat) await tryTo(ctx, () => ctx.reply(text));
}

async function tryTo(ctx: BotContext, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    ctx.deps.log.warn({ err: error, updateId: ctx.update.update_id }, "could not send the apology");
  }
}
