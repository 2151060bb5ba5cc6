import { GrammyError, type InlineKeyboard } from "grammy";
import { clipText, splitText } from "../../lib/telegram-limits.ts";
import type { BotContext } from "../context.ts";

/**
 * Shows a view (a list, a card, a page of «Мой заказ»): a button press edits the message it belongs to (one
 * message, no chat flood), a command or typed text sends a new one. Telegram refuses an edit that changes
 * nothing; that is not an error. A view budgets its data to fit one message (views/room.ts); should one not,
 * it is cut to Telegram's limit rather than refused, since an edit cannot become several messages.
 */
export async function show(ctx: BotContext, text: string, keyboard: InlineKeyboard): Promise<void> {
  const fitting = clipText(text);
  if (!ctx.callbackQuery?.message) {
    await ctx.reply(fitting, { reply_markup: keyboard });
    return;
  }
  try {
    await ctx.editMessageText(fitting, { reply_markup: keyboard });
  } catch (error) {
    if (!(error instanceof GrammyError && error.description.includes("message is not modified"))) throw error;
  }
}

type ReplyMarkup = NonNullable<Parameters<BotContext["reply"]>[1]>["reply_markup"];

/**
 * A text that grows with the data (a list's answer line by line), sent as new messages of at most Telegram's
 * limit, split at line boundaries, in order; the markup goes with the last of them, under the whole text.
 */
export async function replyInParts(ctx: BotContext, text: string, markup?: ReplyMarkup): Promise<void> {
  const parts = splitText(text);
  for (const [i, part] of parts.entries())
    await ctx.reply(part, i === parts.length - 1 && markup ? { reply_markup: markup } : undefined);
}
