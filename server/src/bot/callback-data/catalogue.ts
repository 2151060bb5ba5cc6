import { callbackData } from "./factory.ts";

/** The brands page. */
export const brandsData = callbackData("b", ["page"] as const);
/** A brand's products page. */
export const productsData = callbackData("p", ["brandId", "page"] as const);
/** A product's modifications page; `brandId` is where «Назад» leads (0: the brands). */
export const modificationsData = callbackData("m", ["productId", "brandId", "page"] as const);
/** The results page of the last typed search. */
export const searchData = callbackData("s", ["page"] as const);
/** A modification's card; `productId` is where «Назад» leads. */
export const cardData = callbackData("c", ["modificationId", "productId"] as const);
/** A chosen quantity, to confirm. */
export const quantityData = callbackData("q", ["modificationId", "productId", "quantity"] as const);
/** «Другое количество»: the next typed number is the quantity. */
export const typedQuantityData = callbackData("t", ["modificationId", "productId"] as const);
/** The confirmed addition of a position. */
export const addData = callbackData("a", ["modificationId", "productId", "quantity"] as const);
