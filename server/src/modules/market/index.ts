export { describeMarketState } from "./market-message.ts";
export { type OpeningLines, runMarketTick } from "./market-notices.ts";
export {
  CLOSED_MARKET,
  type MarketClient,
  type MarketState,
  marketStateAt,
} from "./market-rule.ts";
export {
  marketStateForClient,
  overallMarketState,
  schedulesColumn,
  storedSchedulesOf,
} from "./market-schedules.ts";
export { marketRoutes } from "./routes.ts";
export { createScheduleService } from "./schedule-service.ts";
