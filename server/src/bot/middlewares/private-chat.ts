import type { NextFunction } from "grammy";
import { isCommand } from "../command.ts";
import type { BotContext } from "../context.ts";
import { texts } from "../texts.ts";

/**
 * The bot serves a user in their private chat with it, nowhere else: in a group one client's order and prices
 * would show to everyone, another member's press would turn a message into their own view, and strangers'
 * answers would mix into one registration. Anywhere else a command gets one line pointing to the private chat,
 * a button press is answered with it, and nothing else happens: no session, nothing filed, nothing recorded,
 * and a member banning the bot from a group is not a client blocking it. A press whose sender is not the
 * chat's own user (a forged update: Telegram sends none) is answered quietly.
 */
export async function privateChat(ctx: BotContext, next: NextFunction): Promise<void> {
  const chat = ctx.chat;
  if (chat?.type === "private" && chat.id === ctx.from?.id) return next();
  const elsewhere = chat !== undefined && chat.type !== "private";
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery(elsewhere ? { text: texts.privateOnly } : undefined);
    return;
  }
  if (elsewhere && isCommand(ctx.message)) await ctx.reply(texts.privateOnly);
}
