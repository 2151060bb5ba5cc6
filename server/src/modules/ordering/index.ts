export { PAGE_SIZE } from "./catalogue-lists.ts";
export { formatMoney } from "./messages.ts";
export { createOrderingService, MAX_QUANTITY } from "./ordering-service.ts";
export { toKopecks } from "./price-list.ts";
export type * from "./types.ts";
