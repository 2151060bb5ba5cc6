import type { TMiniAppItem, TStockState } from "@wholesale/contract";
import { positionName } from "@wholesale/contract/position-name";
import { STOCK_WORDS } from "@wholesale/contract/stock-words";
import { formatAmount, formatPrice } from "../lib/money.ts";

export { formatPrice };
/**
 * A sum the client owes (a position's, the order's): exact, as the bot's order text and the client's invoice
 * give it, so the positions add up to the total on screen. The back-office floors its sums (spec part 1 §9);
 * prices are exact in both.
 */
export const formatSum = (amount: number, sign: string) => formatAmount(amount, sign, false);
/** Sums in several currencies, «1 200 ₽ · 35 $»; nothing for none. */
export const formatTotals = (
  totals: readonly { amount: number; currency_sign: string }[] | null | undefined,
) => totals?.map((t) => formatSum(t.amount, t.currency_sign)).join(" · ") ?? "";
/** «12 шт. × 540 ₽ = 6 480 ₽», or «12 шт.» for a client who is not shown prices. */
export const figures = (quantity: number, price: number | null, sum: number | null, sign: string) =>
  `${quantity} шт.${price !== null ? ` × ${formatPrice(price, sign)}` : ""}${sum !== null ? ` = ${formatSum(sum, sign)}` : ""}`;

/**
 * A modification as the client's order will name it, brand first («Apple Кабель Lightning 1 м»): the catalogue
 * has the same product under several brands.
 */
export const itemName = (item: Pick<TMiniAppItem, "brand_name" | "product_name" | "name">) =>
  positionName({ brand: item.brand_name, product: item.product_name, modification: item.name });

// The bot's words (from the contract's zod-free file, so the page's first load carries no zod).
export const stockLabel = (stock: TStockState) => STOCK_WORDS[stock];
/** The stock as a row or a sheet says it, and that the client will hear when it is back, if they asked. */
export const stockLine = (stock: TStockState, waiting: boolean) =>
  waiting ? `${stockLabel(stock)} · сообщим о поступлении` : stockLabel(stock);

const moscow = new Intl.DateTimeFormat("ru-RU", {
  timeZone: "Europe/Moscow",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
});
/** A moment as the business reads it: Moscow time, whatever the phone's zone. */
export const moscowTime = (iso: string) => `${moscow.format(new Date(iso))} (МСК)`;

const calendar = new Intl.DateTimeFormat("ru-RU", { timeZone: "UTC", day: "numeric", month: "long" });
/** A business day («2026-11-26») as «26 ноября»: the day itself, in no time zone. */
export const formatDay = (day: string) => calendar.format(new Date(`${day}T00:00:00Z`));

const dayMonth = new Intl.DateTimeFormat("ru-RU", {
  timeZone: "Europe/Moscow",
  day: "2-digit",
  month: "2-digit",
});
/** A moment's day in Moscow as «05.12». */
export const formatDayMonth = (iso: string) => dayMonth.format(new Date(iso));
