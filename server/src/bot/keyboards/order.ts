import { InlineKeyboard } from "grammy";
import type { Quote, TodayOrder } from "../../modules/ordering/index.ts";
import { brandsData } from "../callback-data/catalogue.ts";
import {
  changeConfirmData,
  changeData,
  orderAtData,
  orderPageData,
  removeData,
} from "../callback-data/order.ts";
import { texts } from "../texts.ts";
import type { OrderPage } from "../views/order.ts";
import { confirmedKopecks } from "./catalogue.ts";
import { pager } from "./pager.ts";

/**
 * «Изменить» and «Удалить» for each position of the page still «Добавлен» (numbered as in the text), the
 * pager of the order's pages, and the catalogue.
 */
export function orderKeyboard(order: TodayOrder, pages: OrderPage[], page: number) {
  const keyboard = new InlineKeyboard();
  const { first, end } = pages[page - 1] ?? { first: 0, end: 0 };
  for (let i = first; i < end; i++) {
    const position = order.positions[i];
    if (!position?.changeable) continue;
    keyboard
      .text(`✏️ ${i + 1}. Изменить`, changeData.pack({ positionId: position.id }))
      .text(`🗑 ${i + 1}. Удалить`, removeData.pack({ positionId: position.id }))
      .row();
  }
  pager(keyboard, { page, pages: pages.length }, (p) => orderPageData.pack({ page: p }));
  return keyboard.row().text("Каталог", brandsData.pack({ page: 1 }));
}

/**
 * «✅ Подтвердить» changes the position to the quote's quantity at its price, and only at it; «« Мой заказ»
 * returns to the page holding the position.
 */
export function changeConfirmKeyboard(positionId: number, quote: Quote) {
  const price = confirmedKopecks(quote);
  return new InlineKeyboard()
    .text("✅ Подтвердить", changeConfirmData.pack({ positionId, quantity: quote.quantity, price }))
    .row()
    .text(`« ${texts.menu.order}`, orderAtData.pack({ positionId }));
}
