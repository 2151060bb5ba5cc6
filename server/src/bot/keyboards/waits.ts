import type { TStockWait } from "@wholesale/contract";
import { InlineKeyboard } from "grammy";
import type { ModificationView } from "../../modules/ordering/index.ts";
import type { CardOrigin } from "../callback-data/catalogue.ts";
import { brandsData } from "../callback-data/catalogue.ts";
import { cancelListedWaitData, cancelWaitData, waitsPageData } from "../callback-data/stock-waits.ts";
import { texts } from "../texts.ts";
import { waitPages, waitsPage } from "../views/waits.ts";
import { originData } from "./catalogue.ts";
import { pager } from "./pager.ts";

/** «Отменить ожидание» of the wait a card was asked again for, and the way back to where the card came from. */
export function cancelWaitKeyboard(waitId: number, view: Pick<ModificationView, "id">, origin: CardOrigin) {
  return new InlineKeyboard()
    .text(texts.cancelWait, cancelWaitData.pack({ waitId, modificationId: view.id, ...origin }))
    .row()
    .text("« Назад", originData(origin));
}

/** «Отменить» for each wait of the page (numbered as in the text), the pager, and the catalogue. */
export function waitsKeyboard(waits: readonly TStockWait[], page: number) {
  const keyboard = new InlineKeyboard();
  const { first, shown } = waitsPage(waits, page);
  shown.forEach((w, i) => {
    keyboard.text(`✖ ${first + i + 1}. Отменить`, cancelListedWaitData.pack({ waitId: w.id, page })).row();
  });
  pager(keyboard, { page, pages: waitPages(waits) }, (p) => waitsPageData.pack({ page: p }));
  return keyboard.row().text("Каталог", brandsData.pack({ page: 1 }));
}
