export { marketOpeningRoutes } from "./opening-routes.ts";
export { createMarketPulse, type MarketPulse } from "./pulse.ts";
