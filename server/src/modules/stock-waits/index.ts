export { countWaiting } from "./count-waiting.ts";
export { createStockWaitService, type StockWaitService } from "./stock-wait-service.ts";
export { stockWaitRoutes } from "./waits-routes.ts";
