import { InlineKeyboard } from "grammy";
import type { TodayOrder } from "../../modules/ordering/index.ts";
import { brandsData } from "../callback-data/catalogue.ts";
import { changeData, removeData } from "../callback-data/order.ts";

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
