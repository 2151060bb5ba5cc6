import { InlineKeyboard } from "grammy";
import type { Quote, TodayOrder } from "../../modules/ordering/index.ts";
import { brandsData } from "../callback-data/catalogue.ts";
import { changeConfirmData, changeData, orderData, removeData } from "../callback-data/order.ts";
import { texts } from "../texts.ts";
import { confirmedKopecks } from "./catalogue.ts";

/** «Изменить» and «Удалить» for each position still «Добавлен» (numbered as in the text). */
export function orderKeyboard(order: TodayOrder) {
  const keyboard = new InlineKeyboard();
  order.positions.forEach((position, i) => {
    if (!position.changeable) return;
    keyboard
      .text(`✏️ ${i + 1}. Изменить`, changeData.pack({ positionId: position.id }))
      .text(`🗑 ${i + 1}. Удалить`, removeData.pack({ positionId: position.id }))
      .row();
  });
  return keyboard.text("Каталог", brandsData.pack({ page: 1 }));
}

/** «✅ Подтвердить» changes the position to the quote's quantity at its price, and only at it. */
export function changeConfirmKeyboard(positionId: number, quote: Quote) {
  const price = confirmedKopecks(quote);
  return new InlineKeyboard()
    .text("✅ Подтвердить", changeConfirmData.pack({ positionId, quantity: quote.quantity, price }))
    .row()
    .text(`« ${texts.menu.order}`, orderData.pack({}));
}
