export { PAGE_SIZE } from "./catalogue-lists.ts";
export { createOrderingService, MAX_QUANTITY } from "./ordering-service.ts";
export type * from "./types.ts";
