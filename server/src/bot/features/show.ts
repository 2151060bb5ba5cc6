import { GrammyError, type InlineKeyboard } from "grammy";
import type { BotContext } from "../context.ts";

/**
 * Shows a catalogue view: a button press edits the message it belongs to (one message, no chat flood), a
 * command or typed text sends a new one. Telegram refuses an edit that changes nothing; that is not an error.
 */
export async function show(ctx: BotContext, text: string, keyboard: InlineKeyboard): Promise<void> {
  if (!ctx.callbackQuery?.message) {
    await ctx.reply(text, { reply_markup: keyboard });
    return;
  }
  try {
    await ctx.editMessageText(text, { reply_markup: keyboard });
  } catch (error) {
    if (!(error instanceof GrammyError && error.description.includes("message is not modified"))) throw error;
  }
}
