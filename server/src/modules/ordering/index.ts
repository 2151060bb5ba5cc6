export { toKopecks } from "@wholesale/contract";
export { PAGE_SIZE } from "./catalogue-lists.ts";
export { formatMoney, TEXT as orderingTexts } from "./messages.ts";
export { ORDER_RATE, RETRY_AFTER_SECONDS } from "./order-rate.ts";
export {
  amountText,
  changedOrderText,
  dayLabel,
  emptyOrderText,
  orderHeading,
  orderText,
  positionLine,
  totalsLine,
  unitsText,
} from "./order-text.ts";
export { ORDERING_CACHE_CHANNEL, orderingCacheCaughtUp, startOrderingCache } from "./ordering-cache.ts";
export { createOrderingService, MAX_QUANTITY } from "./ordering-service.ts";
export { type LineNow, type ListView, listView } from "./prepared-lines.ts";
export { type DayRead, dayReadColumn, todayOrder as orderOfDay, todayOrderOf } from "./today-order.ts";
export type * from "./types.ts";
export { LineAlreadyApplied } from "./types.ts";
