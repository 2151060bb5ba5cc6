import { formatMoney } from "./messages.ts";
import type { PositionView, Quote, TodayOrder } from "./types.ts";

/** A business day (YYYY-MM-DD) as the client reads it: 20.11.2026. */
export const dayLabel = (day: string) => day.split("-").reverse().join(".");

const amount = (money: number, sign: string) => `${formatMoney(money)} ${sign}`;

/** «10 шт × 540 ₽ = 5 400 ₽», or «10 шт» without a price (the client may not see prices). */
export function unitsText({ quantity, price, sum, currencySign }: Quote): string {
  if (price === null || sum === null) return `${quantity} шт`;
  return `${quantity} шт × ${amount(price, currencySign)} = ${amount(sum, currencySign)}`;
}

/** «1. Кабель 1 м — 10 шт × 540 ₽ = 5 400 ₽ · Добавлен». */
export function positionLine(position: PositionView, index: number): string {
  return `${index + 1}. ${position.name} — ${unitsText(position)} · ${position.statusLabel}`;
}

/** The positions, then the totals per currency (none for a client who may not see prices). */
function orderBody(order: TodayOrder): string {
  const lines = order.positions.map(positionLine);
  if (order.totals) {
    lines.push("", `Итого: ${order.totals.map((t) => amount(t.amount, t.currencySign)).join(", ")}`);
  }
  return lines.join("\n");
}

/** «Мой заказ». */
export function orderText(order: TodayOrder): string {
  if (order.positions.length === 0) return `Заказ на ${dayLabel(order.day)} пуст.`;
  return `Ваш заказ на ${dayLabel(order.day)}:\n${orderBody(order)}`;
}

/** What staff's change of an order tells the client: the order as it is now, and the position removed. */
export function changedOrderText(order: TodayOrder, removed: string | null): string {
  const head = `Ваш заказ на ${dayLabel(order.day)} изменён${removed ? `: позиция «${removed}» удалена` : ""}.`;
  return order.positions.length === 0 ? `${head} Заказ пуст.` : `${head}\n${orderBody(order)}`;
}
