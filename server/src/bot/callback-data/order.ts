import { callbackData, ID, QUANTITY, SHOWN_KOPECKS } from "./factory.ts";

/** «Мой заказ» again (after a change, or to refresh). */
export const orderData = callbackData("o", {});
/** Change a position's quantity: the next typed number is the new quantity. */
export const changeData = callbackData("oc", { positionId: ID });
/** Remove a position (its stock comes back). */
export const removeData = callbackData("or", { positionId: ID });
/** The confirmed change of a position's quantity, with the unit price shown (as addData's). */
export const changeConfirmData = callbackData("ox", {
  positionId: ID,
  quantity: QUANTITY,
  price: SHOWN_KOPECKS,
});
