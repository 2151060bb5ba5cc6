import { callbackData, ID, PAGE, PRODUCT_OR_SEARCH, QUANTITY, SHOWN_KOPECKS } from "./factory.ts";

/** The brands page. */
export const brandsData = callbackData("b", { page: PAGE });
/** A brand's products page. */
export const productsData = callbackData("p", { brandId: ID, page: PAGE });
/** A product's modifications page; «Назад» leads to the brand of its modifications. */
export const modificationsData = callbackData("m", { productId: ID, page: PAGE });
/** The results page of the last typed search. */
export const searchData = callbackData("s", { page: PAGE });

/**
 * Where a card was opened from, so «Назад» returns there: the page of a product's modification list, or with
 * `productId` SEARCH_RESULTS, the page of the search results.
 */
export type CardOrigin = { productId: number; page: number };
export const SEARCH_RESULTS = 0;

/** A modification's card, with its origin. */
export const cardData = callbackData("c", { modificationId: ID, productId: PRODUCT_OR_SEARCH, page: PAGE });
/** A chosen quantity, to confirm. */
export const quantityData = callbackData("q", {
  modificationId: ID,
  productId: PRODUCT_OR_SEARCH,
  page: PAGE,
  quantity: QUANTITY,
});
/** «Другое количество»: the next typed number is the quantity. */
export const typedQuantityData = callbackData("t", {
  modificationId: ID,
  productId: PRODUCT_OR_SEARCH,
  page: PAGE,
});
/**
 * The confirmed addition of a position, with the unit price the confirm screen showed (none when the client may
 * not see prices: they confirm the quantity alone). Its origin keeps only `productId` (the list's
 * first page): the payload's shape is what the bot preview and the «market opens» benchmark send.
 */
export const addData = callbackData("a", {
  modificationId: ID,
  productId: PRODUCT_OR_SEARCH,
  quantity: QUANTITY,
  price: SHOWN_KOPECKS,
});

/**
 * «Взять сколько есть»: the quantity asked, or what the stock holds when it holds fewer, at the price the refusal
 * quoted for the quantity asked (the add's confirmed price); the same origin as `addData`.
 */
export const availableData = callbackData("v", {
  modificationId: ID,
  productId: PRODUCT_OR_SEARCH,
  quantity: QUANTITY,
  price: SHOWN_KOPECKS,
});
