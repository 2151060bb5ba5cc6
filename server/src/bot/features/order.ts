import { Composer } from "grammy";
import type { Refusal, RefusalCode } from "../../modules/ordering/index.ts";
import { onPress } from "../callback-data/factory.ts";
import { changeData, orderData, removeData } from "../callback-data/order.ts";
import type { BotContext } from "../context.ts";
import { mainMenuKeyboard } from "../keyboards/main-menu.ts";
import { orderKeyboard } from "../keyboards/order.ts";
import { texts } from "../texts.ts";
import { orderText } from "../views/catalogue.ts";
import { parseQuantity } from "./catalogue.ts";
import { show } from "./show.ts";

/** «Мой заказ»: today's positions, with change and remove for those still «Добавлен». */
export const myOrder = new Composer<BotContext>();

async function showOrder(ctx: BotContext, prefix = ""): Promise<void> {
  ctx.session.step = { kind: "idle" };
  const order = await ctx.ordering.todayOrder(ctx.clientId);
  await show(ctx, `${prefix}${orderText(order)}`, orderKeyboard(order));
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
  onPress(changeData, async (ctx, { positionId }) => {
    await ctx.answerCallbackQuery();
    const order = await ctx.ordering.todayOrder(ctx.clientId);
    const position = order.positions.find((p) => p.id === positionId && p.changeable);
    if (!position) return showOrder(ctx);
    ctx.session.step = { kind: "change", positionId };
    await ctx.reply(`Напишите новое количество для «${position.name}» (сейчас ${position.quantity} шт).`);
  }),
);

myOrder.use(
  onPress(removeData, async (ctx, { positionId }) => {
    const result = await ctx.ordering.removePosition(ctx.clientId, positionId);
    if (!result.ok) {
      await ctx.answerCallbackQuery({ text: result.message, show_alert: true });
      return showOrder(ctx);
    }
    await ctx.answerCallbackQuery({ text: texts.removed });
    await show(ctx, `${texts.removed}\n\n${orderText(result.order)}`, orderKeyboard(result.order));
  }),
);

const CORRECTABLE: ReadonlySet<RefusalCode> = new Set([
  "bad_quantity",
  "out_of_stock",
  "hand_limit",
  "exclusive_limit",
  "total_limit",
]);

/**
 * Refusals another typed number can overcome (below the first tier, over a limit that still leaves some):
 * the chat keeps waiting for it. Any other refusal (market closed, the position sent to collect or gone, the
 * modification no longer sold, nothing left) ends the change.
 */
const canRetry = (refusal: Refusal) =>
  CORRECTABLE.has(refusal.code) && (refusal.canStill === undefined || refusal.canStill > 0);

/** The typed new quantity of a position being changed. */
export const typedChange = new Composer<BotContext>();
typedChange.on("message:text", async (ctx, next) => {
  const step = ctx.session.step;
  if (step.kind !== "change") return next();
  const quantity = parseQuantity(ctx.message.text);
  if (quantity === null) return void (await ctx.reply(texts.badQuantity));
  const result = await ctx.ordering.changePosition(ctx.clientId, step.positionId, quantity);
  if (!result.ok && canRetry(result))
    return void (await ctx.reply(`❗ ${result.message}\n${texts.retryChange}`));
  ctx.session.step = { kind: "idle" };
  if (!result.ok) return void (await ctx.reply(`❗ ${result.message}`, { reply_markup: mainMenuKeyboard() }));
  await ctx.reply(`${texts.changed}\n\n${orderText(result.order)}`, {
    reply_markup: orderKeyboard(result.order),
  });
});
