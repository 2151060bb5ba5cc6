export { toKopecks } from "@wholesale/contract";
export { countEach } from "./attempts.ts";
export { createOrderingService } from "./ordering-service.ts";
export { MAX_QUANTITY, validQuantity } from "./rules/limits.ts";
export { formatMoney, TEXT as orderingTexts } from "./rules/messages.ts";
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
} from "./rules/order-text.ts";
export { PAGE_SIZE } from "./statements/catalogue-lists.ts";
export { ORDER_RATE, RETRY_AFTER_SECONDS } from "./statements/order-rate.ts";
export {
  ORDERING_CACHE_CHANNEL,
  orderingCacheCaughtUp,
  startOrderingCache,
} from "./statements/ordering-cache.ts";
export { type LineNow, type ListView, listView } from "./statements/prepared-lines.ts";
export {
  type DayRead,
  dayReadColumn,
  todayOrder as orderOfDay,
  todayOrderOf,
} from "./statements/today-order.ts";
export type * from "./types.ts";
export { LineAlreadyApplied } from "./types.ts";
