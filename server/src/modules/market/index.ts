export { describeMarketState } from "./market-message.ts";
export { NOTICE_KINDS, type OpeningLines, runMarketTick } from "./market-notices.ts";
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
export { openingFacts } from "./opening-facts.ts";
export { marketRoutes } from "./routes.ts";
export { createScheduleService } from "./schedule-service.ts";
