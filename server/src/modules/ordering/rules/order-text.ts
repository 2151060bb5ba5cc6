import type { PositionView, Quote, TodayOrder } from "../types.ts";
import { formatMoney } from "./messages.ts";

/** A business day (YYYY-MM-DD) as the client reads it: 20.11.2026. */
export const dayLabel = (day: string) => day.split("-").reverse().join(".");

/** An amount with its currency's sign, as every bot text writes it: «5 400 ₽». */
export const amountText = (money: number, sign: string) => `${formatMoney(money)} ${sign}`;

/** «10 шт × 540 ₽ = 5 400 ₽», or «10 шт» without a price (the client may not see prices). */
export function unitsText({ quantity, price, sum, currencySign }: Quote): string {
  if (price === null || sum === null) return `${quantity} шт`;
  return `${quantity} шт × ${amountText(price, currencySign)} = ${amountText(sum, currencySign)}`;
}

/** «1. Кабель 1 м — 10 шт × 540 ₽ = 5 400 ₽ · Добавлен». */
export function positionLine(position: PositionView, index: number): string {
  return `${index + 1}. ${position.name} — ${unitsText(position)} · ${position.statusLabel}`;
}

/** «Итого: 5 400 ₽, 20 $»: the whole order's totals per currency; null for a client who may not see prices. */
export function totalsLine(order: TodayOrder): string | null {
  if (!order.totals) return null;
  return `Итого: ${order.totals.map((t) => amountText(t.amount, t.currencySign)).join(", ")}`;
}

/**
 * «Ваш заказ на 20.11.2026:» above the positions; `shown`, the numbers of the positions one part of a long
 * order holds: «Ваш заказ на 20.11.2026, позиции 21–40 из 100:».
 */
export function orderHeading(order: TodayOrder, shown?: { first: number; last: number }): string {
  const day = dayLabel(order.day);
  if (!shown) return `Ваш заказ на ${day}:`;
  return `Ваш заказ на ${day}, позиции ${shown.first}–${shown.last} из ${order.positions.length}:`;
}

/** The positions, then the totals per currency (none for a client who may not see prices). */
function orderBody(order: TodayOrder): string {
  const lines = order.positions.map(positionLine);
  const totals = totalsLine(order);
  if (totals) lines.push("", totals);
  return lines.join("\n");
}

/** «Мой заказ» whole, as the order's summary says it (a text over Telegram's limit goes as several messages). */
export function orderText(order: TodayOrder): string {
  if (order.positions.length === 0) return emptyOrderText(order);
  return `${orderHeading(order)}\n${orderBody(order)}`;
}

export const emptyOrderText = (order: TodayOrder) => `Заказ на ${dayLabel(order.day)} пуст.`;

/** What staff's change of an order tells the client: the order as it is now, and the position removed. */
export function changedOrderText(order: TodayOrder, removed: string | null): string {
  const head = `Ваш заказ на ${dayLabel(order.day)} изменён${removed ? `: позиция «${removed}» удалена` : ""}.`;
  return order.positions.length === 0 ? `${head} Заказ пуст.` : `${head}\n${orderBody(order)}`;
}
