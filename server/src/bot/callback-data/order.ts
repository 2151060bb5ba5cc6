import { callbackData, ID } from "./factory.ts";

/** «Мой заказ» again (after a change, or to refresh). */
export const orderData = callbackData("o", {});
/** Change a position's quantity: the next typed number is the new quantity. */
export const changeData = callbackData("oc", { positionId: ID });
/** Remove a position (its stock comes back). */
export const removeData = callbackData("or", { positionId: ID });
