import type { NextFunction } from "grammy";
import type { BotContext } from "../context.ts";

/**
 * A confirmed client's updates: the ordering service (on this update's database, so the dry run rolls its
 * changes back) decides whether the client may use the market at all. A banned, permanently banned or
 * inactive client is told so, and nothing else happens.
 */
export async function clientArea(ctx: BotContext, next: NextFunction): Promise<void> {
  if (ctx.standing.kind !== "client") return;
  // The update's own scope: its standing check below and the handler's calls share one read of the client.
  ctx.ordering = ctx.services.ordering.on({ readOnce: true, receipt: ctx.receipt ?? undefined });
  const standing = await ctx.ordering.standing(ctx.standing.clientId);
  if (!standing.ok) {
    ctx.session.step = { kind: "idle" };
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    await ctx.reply(standing.message, { reply_markup: { remove_keyboard: true } });
    return;
  }
  ctx.clientId = ctx.standing.clientId;
  ctx.market = standing.market;
  await next();
}
