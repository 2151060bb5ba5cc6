import { moneyFigure } from "@wholesale/contract";
import type { Check, Refusal } from "../types.ts";

export const TEXT = {
  marketClosed: "Маркет сейчас закрыт: заказы не принимаются.",
  notFound: "Товар не найден.",
  positionNotFound: "Позиция не найдена.",
  badQuantity: "Укажите количество целым числом от 1 до 100000.",
  notSold: "Этот товар сейчас не продаётся.",
  notChangeable: "Позиция уже отправлена на сборку: изменить её нельзя.",
  priceChanged: "Цена изменилась: подтвердите заказ по новой цене.",
  confirmPrice: "Подтвердите цену: заказ принимается по цене, которую вы видели.",
} as const;

/** A quantity no add or change takes (validQuantity). */
export const badQuantity: Refusal = { ok: false, code: "bad_quantity", message: TEXT.badQuantity };

/**
 * Money in a bot text, as the back-office and the Mini App show it (contract's moneyFigure): «226» when whole,
 * otherwise two digits of kopecks, «226,10». Digit groups are plain spaces in the bot's texts.
 */
const money = (n: number) => moneyFigure(n).replace(/\u00a0/g, " ");

/**
 * What is still possible: for a new position the units that may be added («можно ещё 4 шт.»), for a change
 * the largest quantity the position may have. A figure the stock alone sets is not named: the client is told
 * only in stock / few / none, and picks from the amounts the card offers.
 */
function stillPossible(n: number, mode: "add" | "change", stockBound: boolean): string {
  if (n <= 0) return "больше заказать нельзя.";
  if (stockBound) return "можно заказать меньше.";
  return mode === "add" ? `можно ещё ${n} шт.` : `можно не больше ${n} шт.`;
}

/**
 * The refusal of a limit, naming the tightest rule broken and what is still possible. The day's sum limit is
 * named with its amount only to a client who sees prices: with the amount and the units still possible, a
 * client without prices could work out the unit price. `canStill` is given only when a limit of the client's
 * own sets it (or nothing at all is left): when the stock does, the figure would be the stock's, which the
 * client is never told, so the bot and the Mini App both say «можно заказать меньше» and offer the card's
 * amounts instead.
 */
export function limitRefusal(
  check: Extract<Check, { ok: false }>,
  canStill: number,
  mode: "add" | "change",
  context: { currencySign: string; showPrices: boolean },
): Refusal {
  const tail = stillPossible(canStill, mode, check.stockBound);
  const totalLimit = context.showPrices
    ? `Лимит суммы заказа за день — ${money(check.limit)} ${context.currencySign}`
    : "Лимит суммы заказа за день";
  const reasons: Record<typeof check.code, string> = {
    out_of_stock: canStill > 0 || mode === "change" ? "Столько нет на складе" : "Товар закончился",
    hand_limit: `В одни руки не больше ${check.limit} шт. в день`,
    exclusive_limit: "Лимит эксклюзивного товара",
    total_limit: totalLimit,
  };
  return {
    ok: false,
    code: check.code,
    message: `${reasons[check.code]}: ${tail}`,
    ...(!(check.stockBound && canStill > 0)
      ? { canStill: Math.max(0, canStill) }
      : mode === "add"
        ? { takeAvailable: true }
        : {}),
  };
}

export const formatMoney = money;
