import { STOCK_WORDS } from "@wholesale/contract";
import {
  formatMoney,
  type MarketState,
  type ModificationView,
  type Quote,
  unitsText,
} from "../../modules/ordering/index.ts";
import { STOCK_MARK } from "../keyboards/catalogue.ts";

const LIST_LABEL = { small: "Малый опт", large: "Крупный опт" } as const;

const moscow = new Intl.DateTimeFormat("ru-RU", {
  timeZone: "Europe/Moscow",
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

export function marketClosedText(market: MarketState): string {
  if (!market.nextOpenAt) return "Маркет сейчас закрыт. Время открытия пока не назначено.";
  return `Маркет сейчас закрыт. Откроется ${moscow.format(market.nextOpenAt).replace(",", " в")} (мск).`;
}

/** «от 10 шт — 540 ₽» per tier, grouped by price list; a list shown only for information says so. */
export function cardText(view: ModificationView): string {
  const lines = [`${view.brandName} · ${view.productName}`, view.name];
  if (view.specifications.trim()) lines.push(view.specifications.trim());
  for (const list of ["small", "large"] as const) {
    const tiers = view.tiers.filter((t) => t.list === list);
    if (tiers.length === 0) continue;
    const orderable = tiers.some((t) => t.orderable);
    lines.push("", `${LIST_LABEL[list]}${orderable ? "" : " (для сведения)"}:`);
    for (const tier of tiers) {
      const price =
        tier.price === null
          ? "цену уточняйте у менеджера"
          : `${formatMoney(tier.price)} ${tier.currencySign}`;
      lines.push(`от ${tier.fromQuantity} шт — ${price}`);
    }
  }
  lines.push("", `${STOCK_MARK[view.stock]} ${STOCK_WORDS[view.stock]}`);
  if (view.addition) {
    const price =
      view.addition.price === null
        ? ""
        : ` — ${formatMoney(view.addition.price)} ${view.addition.currencySign}`;
    lines.push(`Дополнительно: ${view.addition.description}${price}`);
  }
  if (!view.canOrder) lines.push(view.reason ?? "Заказать нельзя.");
  else if (view.upTo !== null) lines.push(`Можно заказать до ${view.upTo} шт.`);
  return lines.join("\n");
}

/**
 * The card with the chosen quantity and what the position will cost (when the client may see prices); adding
 * to a position the order holds prices the whole of it.
 */
export function confirmText(view: ModificationView, quantity: number, quote: Quote): string {
  const chosen =
    quote.quantity === quantity
      ? `Количество: ${unitsText(quote)}.`
      : `Количество: ${quantity} шт. В заказе станет ${unitsText(quote)}.`;
  return `${cardText(view)}\n\n${chosen} Подтвердите заказ.`;
}
