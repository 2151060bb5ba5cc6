import { confirmedPriceOf } from "@wholesale/contract";
import { Composer } from "grammy";
import type { TodayOrder } from "../../modules/ordering/index.ts";
import { onPress } from "../callback-data/factory.ts";
import {
  changeConfirmData,
  changeData,
  orderAtData,
  orderData,
  orderPageData,
  removeData,
} from "../callback-data/order.ts";
import type { BotContext } from "../context.ts";
import { mainMenuKeyboard } from "../keyboards/main-menu.ts";
import { changeConfirmKeyboard, orderKeyboard } from "../keyboards/order.ts";
import { texts } from "../texts.ts";
import { changeConfirmText, type OrderPlace, orderPages, orderPageText, pageAt } from "../views/order.ts";
import { show } from "./show.ts";
import { canTryAnother, parseQuantity } from "./typed-number.ts";

/**
 * «Мой заказ»: today's positions, with change and remove for those still «Добавлен», a page of them at a time
 * (views/order.ts), in one message edited in place.
 */
export const myOrder = new Composer<BotContext>();

/** The order's page at `place`, with what to say `above` it. */
async function showOrderOf(ctx: BotContext, order: TodayOrder, place: OrderPlace, above = ""): Promise<void> {
  const pages = orderPages(order);
  const page = pageAt(order, pages, place);
  await show(ctx, `${above}${orderPageText(order, pages, page)}`, orderKeyboard(order, pages, page));
}

async function showOrder(ctx: BotContext, place: OrderPlace = { page: 1 }, above = ""): Promise<void> {
  ctx.session.step = { kind: "idle" };
  await showOrderOf(ctx, await ctx.ordering.todayOrder(ctx.clientId), place, above);
}

myOrder.command("order", (ctx) => showOrder(ctx));
myOrder.hears(texts.menu.order, (ctx) => showOrder(ctx));
myOrder.use(
  onPress(orderData, async (ctx) => {
    await ctx.answerCallbackQuery();
    await showOrder(ctx);
  }),
);
myOrder.use(
  onPress(orderPageData, async (ctx, { page }) => {
    await ctx.answerCallbackQuery();
    await showOrder(ctx, { page });
  }),
);
myOrder.use(
  onPress(orderAtData, async (ctx, { positionId }) => {
    await ctx.answerCallbackQuery();
    await showOrder(ctx, { positionId });
  }),
);

myOrder.use(
  onPress(changeData, async (ctx, { positionId }) => {
    await ctx.answerCallbackQuery();
    const order = await ctx.ordering.todayOrder(ctx.clientId);
    const position = order.positions.find((p) => p.id === positionId && p.changeable);
    if (!position) {
      ctx.session.step = { kind: "idle" };
      return showOrderOf(ctx, order, { positionId });
    }
    ctx.session.step = { kind: "change", positionId };
    await ctx.reply(`Напишите новое количество для «${position.name}» (сейчас ${position.quantity} шт).`);
  }),
);

myOrder.use(
  onPress(removeData, async (ctx, { positionId }) => {
    const result = await ctx.ordering.removePosition(ctx.clientId, positionId);
    if (!result.ok) {
      await ctx.answerCallbackQuery({ text: result.message, show_alert: true });
      return showOrder(ctx, { positionId });
    }
    await ctx.answerCallbackQuery({ text: texts.removed });
    await showOrderOf(ctx, result.order, { removedId: positionId }, `${texts.removed}\n\n`);
  }),
);

/** A typed new quantity of a position being changed, judged before its confirm screen. */
export const typedChange = new Composer<BotContext>();
typedChange.on("message:text", async (ctx, next) => {
  const step = ctx.session.step;
  if (step.kind !== "change") return next();
  const quantity = parseQuantity(ctx.message.text);
  if (quantity === null) return void (await ctx.reply(texts.badQuantity));
  const preview = await ctx.ordering.previewChange(ctx.clientId, step.positionId, quantity);
  if (!preview.ok && canTryAnother(preview))
    return void (await ctx.reply(`❗ ${preview.message}\n${texts.retryChange}`));
  ctx.session.step = { kind: "idle" };
  if (!preview.ok)
    return void (await ctx.reply(`❗ ${preview.message}`, { reply_markup: mainMenuKeyboard() }));
  await show(
    ctx,
    changeConfirmText(preview.position, preview.quote),
    changeConfirmKeyboard(preview.position.id, preview.quote),
  );
});

/**
 * «✅ Подтвердить» of a change: made at the price shown, or shown again at the new one. The order then opens at
 * the page holding the position.
 */
myOrder.use(
  onPress(changeConfirmData, async (ctx, { positionId, quantity, price }) => {
    const result = await ctx.ordering.changePosition(
      ctx.clientId,
      positionId,
      quantity,
      confirmedPriceOf(price),
    );
    if (result.ok) {
      await ctx.answerCallbackQuery({ text: texts.changed });
      await showOrderOf(ctx, result.order, { positionId }, `${texts.changed}\n\n`);
      return;
    }
    await ctx.answerCallbackQuery({ text: result.message, show_alert: true });
    if (result.code !== "price_changed") return showOrder(ctx, { positionId }, `❗ ${result.message}\n\n`);
    const again = await ctx.ordering.previewChange(ctx.clientId, positionId, quantity);
    if (!again.ok) return showOrder(ctx, { positionId }, `❗ ${again.message}\n\n`);
    const text = `❗ ${result.message}\n\n${changeConfirmText(again.position, again.quote)}`;
    await show(ctx, text, changeConfirmKeyboard(positionId, again.quote));
  }),
);
