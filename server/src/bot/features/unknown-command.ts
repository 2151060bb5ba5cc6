import { Composer } from "grammy";
import { isCommand } from "../command.ts";
import type { BotContext } from "../context.ts";
import { mainMenuKeyboard } from "../keyboards/main-menu.ts";
import { texts } from "../texts.ts";

/**
 * A command no feature took (/foo): the bot's own hint and the menu. It ends whatever the chat was waiting
 * for, so it is never searched for nor filed as a claim's text.
 */
export const unknownCommand = new Composer<BotContext>();
unknownCommand.filter(
  (ctx) => isCommand(ctx.message),
  async (ctx) => {
    ctx.session.step = { kind: "idle" };
    await ctx.reply(texts.unknownCommand, { reply_markup: mainMenuKeyboard() });
  },
);
