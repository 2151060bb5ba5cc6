export { PAGE_SIZE } from "./catalogue-lists.ts";
export { formatMoney, TEXT as orderingTexts } from "./messages.ts";
export { ORDER_RATE, RETRY_AFTER_SECONDS } from "./order-rate.ts";
export { changedOrderText, dayLabel, orderText, positionLine, unitsText } from "./order-text.ts";
export { ORDERING_CACHE_CHANNEL, orderingCacheCaughtUp, startOrderingCache } from "./ordering-cache.ts";
export { createOrderingService, MAX_QUANTITY } from "./ordering-service.ts";
export { toKopecks } from "./price-list.ts";
export { todayOrder as orderOfDay } from "./today-order.ts";
export type * from "./types.ts";
