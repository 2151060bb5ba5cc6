import type { TPreparedListSent } from "@wholesale/contract";
import { Composer } from "grammy";
import { amountText } from "../../modules/ordering/index.ts";
import { onPress } from "../callback-data/factory.ts";
import { sendListData } from "../callback-data/prepared-list.ts";
import type { BotContext } from "../context.ts";
import { replyInParts } from "./show.ts";

/**
 * «Отправить список»: the client's prepared list sent through the same service as the Mini App's button, on this
 * update's database (the preview's dry run rolls it back). The message's id is the send's
 * idempotency key, so a second press of the same message's button, or Telegram delivering it again, adds
 * nothing and answers as the first did.
 */
export const preparedList = new Composer<BotContext>();

preparedList.use(
  onPress(sendListData, async (ctx) => {
    await ctx.answerCallbackQuery();
    const key = `bot:${ctx.callbackQuery.message?.message_id ?? 0}`;
    const answer = await ctx.services.preparedList.send(ctx.clientId, key);
    await replyInParts(ctx, answer.ok ? sentText(answer.value) : answer.refusal.detail);
  }),
);

/** The send's answer line by line, as the Mini App shows it: a long list's goes as several messages. */
export function sentText(sent: TPreparedListSent): string {
  const lines = sent.results.map((r) => {
    if (r.status === "refused") return `✖ ${r.name} — ${r.quantity} шт.: ${r.refusal.detail}`;
    const price = r.price === null ? "" : ` по ${amountText(r.price, r.currency_sign)}`;
    return `✔ ${r.name} — ${r.quantity} шт.${price}`;
  });
  return ["Список отправлен:", "", ...lines].join("\n");
}
