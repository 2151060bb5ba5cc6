import { positionName } from "@wholesale/contract";
import { amountText, type ModificationView } from "../ordering/index.ts";
import { WAIT_WORDS } from "./words.ts";

/** The outbox kind of a stock-back message: the delivery worker checks it again before it leaves. */
export const STOCK_BACK_KIND = "stock_back";

/** The inline button that opens the modification: the Mini App's (web_app), or the bot's card (a callback). */
export type OpenButton = (modificationId: number) => { text: string } & Record<string, unknown>;

const nameOf = (card: ModificationView) =>
  positionName({ brand: card.brandName, product: card.productName, modification: card.name });

/** «от 1 шт — 600 ₽»: the first tier the client may order at, when they are shown prices. */
function priceOf(card: ModificationView): string | null {
  const tier = card.tiers.find((t) => t.orderable && t.price !== null);
  return tier?.price == null
    ? null
    : `от ${tier.fromQuantity} шт — ${amountText(tier.price, tier.currencySign)}`;
}

/** The message of its own: the item, its price where the client is shown prices, and that nothing is reserved. */
export function announcementText(card: ModificationView): string {
  const price = priceOf(card);
  return [
    `Снова в наличии: ${nameOf(card)}`,
    ...(price ? [`Цена: ${price}`] : []),
    WAIT_WORDS.notReserved,
  ].join("\n");
}

/** The lines a market's opening notice carries for the client's waits that are back. */
export function openingLines(cards: ModificationView[]): string {
  const lines = cards.map((card) => {
    const price = priceOf(card);
    return `• ${nameOf(card)}${price ? `, ${price}` : ""}`;
  });
  return ["Снова в наличии то, что вы ждали (товары не резервируются):", ...lines].join("\n");
}
