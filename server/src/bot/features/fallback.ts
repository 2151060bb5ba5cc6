import { Composer } from "grammy";
import type { BotContext } from "../context.ts";
import { mainMenuKeyboard } from "../keyboards/main-menu.ts";
import { texts } from "../texts.ts";

/** What no feature took: a stale button is acknowledged, anything else gets the menu. */
export const fallback = new Composer<BotContext>();

fallback.on("callback_query", (ctx) => ctx.answerCallbackQuery());
fallback.on("message", (ctx) => ctx.reply(texts.unknownCommand, { reply_markup: mainMenuKeyboard() }));
