export { countWaiting } from "./count-waiting.ts";
export { createStockWaitService, type StockWaitService } from "./stock-wait-service.ts";
export { waitedBy } from "./waited-by.ts";
export { stockWaitRoutes } from "./waits-routes.ts";
