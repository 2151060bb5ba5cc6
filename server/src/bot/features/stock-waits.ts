import { Composer, type InlineKeyboard } from "grammy";
import type { ModificationView } from "../../modules/ordering/index.ts";
import type { CardOrigin } from "../callback-data/catalogue.ts";
import { onPress } from "../callback-data/factory.ts";
import {
  askWaitData,
  cancelListedWaitData,
  cancelWaitData,
  waitsPageData,
} from "../callback-data/stock-waits.ts";
import type { BotContext } from "../context.ts";
import { cardKeyboard, catalogueKeyboard } from "../keyboards/catalogue.ts";
import { cancelWaitKeyboard, waitsKeyboard } from "../keyboards/waits.ts";
import { texts } from "../texts.ts";
import { cardText } from "../views/catalogue.ts";
import { waitPages, waitsText } from "../views/waits.ts";
import { show } from "./show.ts";

/**
 * «Сообщить о поступлении» on a sold-out card, «Отменить ожидание» when it is asked again, and «Мои ожидания»
 * (/waits) with «Отменить» per wait: each a call of the stock-waits service, whose Russian answer is shown as it
 * is (nothing is reserved, how long a wait lasts). Views are the one message they belong to, edited in place.
 */
export const stockWaits = new Composer<BotContext>();

/**
 * The card with what was just said `above` it; `keyboard` replaces the card's own (a cancel offered). The card
 * shows only while the market is open for the client: otherwise what was said stands alone.
 */
async function showCardUnder(
  ctx: BotContext,
  modificationId: number,
  origin: CardOrigin,
  above: string,
  keyboard?: (view: ModificationView) => InlineKeyboard,
) {
  const view = await ctx.ordering.getModification(ctx.clientId, modificationId);
  if (!view) return show(ctx, above, catalogueKeyboard());
  await show(ctx, `${above}\n\n${cardText(view)}`, keyboard ? keyboard(view) : cardKeyboard(view, origin));
}

stockWaits.use(
  onPress(askWaitData, async (ctx, { modificationId, ...origin }) => {
    const asked = await ctx.services.stockWaits.ask(ctx.clientId, modificationId);
    if (!asked.ok) {
      await ctx.answerCallbackQuery({ text: asked.refusal.detail, show_alert: true });
      return showCardUnder(ctx, modificationId, origin, `❗ ${asked.refusal.detail}`);
    }
    const { wait, already, detail } = asked.value;
    await ctx.answerCallbackQuery({ text: detail });
    if (!already) return showCardUnder(ctx, modificationId, origin, `✅ ${detail}`);
    await showCardUnder(ctx, modificationId, origin, detail, (view) =>
      cancelWaitKeyboard(wait.id, view, origin),
    );
  }),
);

stockWaits.use(
  onPress(cancelWaitData, async (ctx, { waitId, modificationId, ...origin }) => {
    const cancelled = await ctx.services.stockWaits.cancel(ctx.clientId, waitId);
    const said = cancelled.ok ? texts.waitCancelled : cancelled.refusal.detail;
    await ctx.answerCallbackQuery({ text: said, show_alert: !cancelled.ok });
    await showCardUnder(ctx, modificationId, origin, cancelled.ok ? said : `❗ ${said}`);
  }),
);

/** «Мои ожидания» at `page` (kept within the pages the list has now), with what was just said `above` it. */
async function showWaits(ctx: BotContext, page = 1, above = ""): Promise<void> {
  ctx.session.step = { kind: "idle" };
  const listed = await ctx.services.stockWaits.list(ctx.clientId);
  if (!listed.ok) return show(ctx, `${above}${listed.refusal.detail}`, catalogueKeyboard());
  const waits = listed.value.results;
  const at = Math.min(page, waitPages(waits));
  await show(ctx, `${above}${waitsText(waits, at)}`, waitsKeyboard(waits, at));
}

stockWaits.command("waits", (ctx) => showWaits(ctx));
stockWaits.hears(texts.menu.waits, (ctx) => showWaits(ctx));
stockWaits.use(
  onPress(waitsPageData, async (ctx, { page }) => {
    await ctx.answerCallbackQuery();
    await showWaits(ctx, page);
  }),
);
stockWaits.use(
  onPress(cancelListedWaitData, async (ctx, { waitId, page }) => {
    const cancelled = await ctx.services.stockWaits.cancel(ctx.clientId, waitId);
    const said = cancelled.ok ? texts.waitCancelled : cancelled.refusal.detail;
    await ctx.answerCallbackQuery({ text: said, show_alert: !cancelled.ok });
    await showWaits(ctx, page, cancelled.ok ? `${said}\n\n` : `❗ ${said}\n\n`);
  }),
);
