import { clipText } from "../../lib/telegram-limits.ts";
import {
  emptyOrderText,
  orderHeading,
  type PositionView,
  positionLine,
  type Quote,
  type TodayOrder,
  totalsLine,
  unitsText,
} from "../../modules/ordering/index.ts";
import { VIEW_ROOM } from "./room.ts";

/** A position's new quantity to confirm: «Кабель 1 м: 10 шт → 12 шт × 540 ₽ = 6 480 ₽». */
export function changeConfirmText(position: PositionView, quote: Quote): string {
  return `${position.name}: ${position.quantity} шт → ${unitsText(quote)}. Подтвердите изменение.`;
}

/**
 * Positions a page of «Мой заказ» holds at most: with «Изменить» and «Удалить» each, a page's keyboard stays at
 * 44 buttons of Telegram's 100, and a page is read at a glance.
 */
const ORDER_PAGE_POSITIONS = 20;

/** One page of «Мой заказ»: the positions from `first` up to `end` (indices into the order's positions). */
export type OrderPage = { first: number; end: number };

/** Where «Мой заказ» opens: a page, the page holding a position, or the page a removed position was on. */
export type OrderPlace = { page: number } | { positionId: number } | { removedId: number };

/**
 * «Мой заказ» cut into pages that each fit one message with whatever a view puts above it (VIEW_ROOM): up to
 * ORDER_PAGE_POSITIONS positions a page, fewer where their names are long, the heading and the whole order's
 * totals on every page. The view stays one message, edited in place as the client pages, changes or removes.
 */
export function orderPages(order: TodayOrder): OrderPage[] {
  const count = order.positions.length;
  const room = linesRoom(order);
  const pages: OrderPage[] = [];
  let first = 0;
  let used = 0;
  for (let i = 0; i < count; i++) {
    const line = lineOf(order, i, room).length + 1;
    if (i > first && (i - first >= ORDER_PAGE_POSITIONS || used + line > room)) {
      pages.push({ first, end: i });
      first = i;
      used = 0;
    }
    used += line;
  }
  pages.push({ first, end: count });
  return pages;
}

/** What a page leaves for its positions' lines: the widest heading of this order and the totals take the rest. */
function linesRoom(order: TodayOrder): number {
  const count = order.positions.length;
  const totals = totalsLine(order);
  const heading = orderHeading(order, { first: count, last: count });
  return VIEW_ROOM - heading.length - (totals ? totals.length + 2 : 0);
}

/** A position's line, cut when a name is so long that it alone would not fit a page (never with real names). */
const lineOf = (order: TodayOrder, index: number, room: number) =>
  clipText(positionLine(order.positions[index] as PositionView, index), room - 1);

/** The page (from 1) a place is on. */
export function pageAt(order: TodayOrder, pages: OrderPage[], place: OrderPlace): number {
  if ("page" in place) return Math.min(Math.max(place.page, 1), pages.length);
  const index =
    "positionId" in place
      ? order.positions.findIndex((p) => p.id === place.positionId)
      : // Positions are listed as they were added (by id): a removed one's place is now its next one's.
        order.positions.filter((p) => p.id < place.removedId).length;
  const at = Math.min(Math.max(index, 0), order.positions.length - 1);
  const found = pages.findIndex((p) => at >= p.first && at < p.end);
  return found < 0 ? 1 : found + 1;
}

/**
 * Page `page` (from 1) of «Мой заказ»: the heading (naming the positions shown when there are several pages),
 * the positions numbered across the whole order, and the whole order's totals.
 */
export function orderPageText(order: TodayOrder, pages: OrderPage[], page: number): string {
  if (order.positions.length === 0) return emptyOrderText(order);
  const { first, end } = pages[page - 1] ?? { first: 0, end: order.positions.length };
  const room = linesRoom(order);
  const lines = [
    pages.length > 1 ? orderHeading(order, { first: first + 1, last: end }) : orderHeading(order),
  ];
  for (let i = first; i < end; i++) lines.push(lineOf(order, i, room));
  const totals = totalsLine(order);
  if (totals) lines.push("", totals);
  return lines.join("\n");
}
