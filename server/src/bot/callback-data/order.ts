import { callbackData, ID, PAGE, QUANTITY, SHOWN_KOPECKS } from "./factory.ts";

/** «Мой заказ» from its first page (after an addition; the buttons of messages already sent carry it too). */
export const orderData = callbackData("o", {});
/** A page of «Мой заказ» (its pager). */
export const orderPageData = callbackData("op", { page: PAGE });
/** «Мой заказ» at the page holding a position (back from a change's confirm screen). */
export const orderAtData = callbackData("oa", { positionId: ID });
/** Change a position's quantity: the next typed number is the new quantity. */
export const changeData = callbackData("oc", { positionId: ID });
/** Remove a position (its stock comes back); the view stays on the page it was on. */
export const removeData = callbackData("or", { positionId: ID });
/** The confirmed change of a position's quantity, with the unit price shown (as addData's). */
export const changeConfirmData = callbackData("ox", {
  positionId: ID,
  quantity: QUANTITY,
  price: SHOWN_KOPECKS,
});
