import { STOCK_WORDS } from "@wholesale/contract";
import { clipText } from "../../lib/telegram-limits.ts";
import {
  amountText,
  type MarketState,
  type ModificationView,
  type Quote,
  unitsText,
} from "../../modules/ordering/index.ts";
import { STOCK_MARK } from "../keyboards/catalogue.ts";
import { VIEW_ROOM } from "./room.ts";

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

/** What of an addition's description a card shows: its gist, the rest is the manager's to tell. */
const ADDITION_ROOM = 500;

/**
 * The card: «от 10 шт — 540 ₽» per tier, grouped by price list (a list shown only for information says so), the
 * stock state, the addition and what may be ordered. It is one message edited in place, so it fits VIEW_ROOM
 * whatever staff wrote: the name, the stock and what may be ordered always show; the tiers take what room is
 * left, and the specifications (up to 10,000 characters in the catalogue) what room the tiers leave, cut
 * where they stop fitting, with «…».
 */
export function cardText(view: ModificationView): string {
  const head = [`${view.brandName} · ${view.productName}`, view.name];
  const tail = ["", `${STOCK_MARK[view.stock]} ${STOCK_WORDS[view.stock]}`];
  if (view.addition) {
    const price =
      view.addition.price === null ? "" : ` — ${amountText(view.addition.price, view.addition.currencySign)}`;
    tail.push(`Дополнительно: ${clipText(view.addition.description, ADDITION_ROOM)}${price}`);
  }
  if (!view.canOrder) tail.push(view.reason ?? "Заказать нельзя.");
  else if (view.upTo !== null) tail.push(`Можно заказать до ${view.upTo} шт.`);

  // The text is head, specifications, a blank line and the tiers, then tail (which opens with its blank line).
  const fixed = head.join("\n").length + 1 + tail.join("\n").length;
  const tiers = tierLines(view).join("\n");
  const prices = tiers && clipText(tiers, Math.max(VIEW_ROOM - fixed - 2, 2));
  const left = VIEW_ROOM - fixed - (prices ? prices.length + 2 : 0) - 1;
  const specifications = view.specifications.trim();
  const lines = [...head];
  if (specifications && left > 2) lines.push(clipText(specifications, left));
  if (prices) lines.push("", prices);
  return [...lines, ...tail].join("\n");
}

/** The tiers per price list, a blank line between the lists. */
function tierLines(view: ModificationView): string[] {
  const lines: string[] = [];
  for (const list of ["small", "large"] as const) {
    const tiers = view.tiers.filter((t) => t.list === list);
    if (tiers.length === 0) continue;
    const orderable = tiers.some((t) => t.orderable);
    if (lines.length > 0) lines.push("");
    lines.push(`${LIST_LABEL[list]}${orderable ? "" : " (для сведения)"}:`);
    for (const tier of tiers) {
      const price =
        tier.price === null ? "цену уточняйте у менеджера" : amountText(tier.price, tier.currencySign);
      lines.push(`от ${tier.fromQuantity} шт — ${price}`);
    }
  }
  return lines;
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
