import { Composer } from "grammy";
import type { BotContext } from "../context.ts";
import { effect } from "../effect.ts";
import { mainMenuKeyboard } from "../keyboards/main-menu.ts";
import { texts } from "../texts.ts";

/** «Условия», «Гарантия» and «Претензия» for confirmed clients. */
export const info = new Composer<BotContext>();

info.command("conditions").use(sendText("conditions"));
info.hears(texts.menu.conditions, sendText("conditions"));
info.command("warranty").use(sendText("warranty"));
info.hears(texts.menu.warranty, sendText("warranty"));

function sendText(kind: "conditions" | "warranty") {
  return async (ctx: BotContext) => {
    ctx.session.step = { kind: "idle" };
    await ctx.reply(await ctx.services.texts.latest(kind), { reply_markup: mainMenuKeyboard() });
  };
}

async function askClaim(ctx: BotContext): Promise<void> {
  ctx.session.step = { kind: "claim" };
  await ctx.reply(texts.askClaim);
}
info.command("claim", askClaim);
info.hears(texts.menu.claim, askClaim);

/** The typed claim: filed for the back-office's /claims. */
export const claimText = new Composer<BotContext>();
claimText
  .filter((ctx) => ctx.session.step.kind === "claim")
  .on("message:text", async (ctx) => {
    // The step ends in the claim's own transaction: a later message is never filed as a second claim.
    const filed = await effect(ctx, async (tx) => {
      const claim = await ctx.services.claims.file({ clientId: ctx.clientId, text: ctx.message.text }, tx);
      if (claim.ok) ctx.session.step = { kind: "idle" };
      return claim;
    });
    if (!filed.ok) return void (await ctx.reply(filed.message));
    await ctx.reply(texts.claimFiled, { reply_markup: mainMenuKeyboard() });
  });
