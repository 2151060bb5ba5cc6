import { Keyboard } from "grammy";
import { texts } from "../texts.ts";

/** The persistent menu under the input field of a confirmed client. */
export function mainMenuKeyboard() {
  return new Keyboard()
    .text(texts.menu.market)
    .text(texts.menu.order)
    .text(texts.menu.waits)
    .row()
    .text(texts.menu.conditions)
    .text(texts.menu.warranty)
    .text(texts.menu.claim)
    .resized()
    .persistent();
}

/** The message of a registration confirmed in the back-office: the client can order from here on. */
export function registrationConfirmedMessage() {
  return { text: texts.confirmed, replyMarkup: mainMenuKeyboard() };
}
