import { callbackData, ID, PAGE, PRODUCT_OR_SEARCH } from "./factory.ts";

/** «Сообщить о поступлении» on a sold-out modification's card, with the card's origin (its «« Назад»). */
export const askWaitData = callbackData("w", {
  modificationId: ID,
  productId: PRODUCT_OR_SEARCH,
  page: PAGE,
});
/** «Отменить ожидание» under a card asked again: the wait, and the card to show once it is cancelled. */
export const cancelWaitData = callbackData("wc", {
  waitId: ID,
  modificationId: ID,
  productId: PRODUCT_OR_SEARCH,
  page: PAGE,
});
/** A page of «Мои ожидания» (its pager). */
export const waitsPageData = callbackData("wp", { page: PAGE });
/** «Отменить» of a wait in «Мои ожидания»; the list stays on the page it was on. */
export const cancelListedWaitData = callbackData("wx", { waitId: ID, page: PAGE });
