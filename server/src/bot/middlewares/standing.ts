import type { NextFunction } from "grammy";
import type { ChatMember } from "grammy/types";
import { reachableAgain } from "../../modules/messaging/index.ts";
import { markBlocked } from "../../modules/outbox/index.ts";
import type { BotContext } from "../context.ts";

/**
 * Updates from people only (who is writing was read with the update's arrival). Blocking or unblocking the bot
 * (`my_chat_member`) only moves the unreachable mark and is not answered: a user who has just blocked the bot
 * cannot be written to.
 */
export async function standing(ctx: BotContext, next: NextFunction): Promise<void> {
  const from = ctx.from;
  if (!from || from.is_bot) return;
  if (ctx.myChatMember) return noteMembership(ctx, from.id, ctx.myChatMember.new_chat_member.status);
  await next();
}

async function noteMembership(
  ctx: BotContext,
  telegramId: number,
  status: ChatMember["status"],
): Promise<void> {
  if (status === "kicked") await markUserBlocked(ctx, telegramId);
  else if (status === "member") {
    const cleared = reachableAgain(ctx.db, telegramId);
    await ctx.db.with(cleared).select().from(cleared);
  }
}

/** The user blocked the bot: on the shared database, since a block is a fact whatever a dry run rolls back. */
async function markUserBlocked(ctx: BotContext, telegramId: number): Promise<void> {
  const standing = await ctx.services.registration.standing(telegramId);
  await markBlocked(ctx.deps.db, {
    clientId: standing.kind === "unknown" ? null : standing.clientId,
    chatId: ctx.chat?.id ?? telegramId,
  });
}
