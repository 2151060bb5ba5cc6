import { callbackData } from "./factory.ts";

/** «Мой заказ» again (after a change, or to refresh). */
export const orderData = callbackData("o", [] as const);
/** Change a position's quantity: the next typed number is the new quantity. */
export const changeData = callbackData("oc", ["positionId"] as const);
/** Remove a position (its stock comes back). */
export const removeData = callbackData("or", ["positionId"] as const);
