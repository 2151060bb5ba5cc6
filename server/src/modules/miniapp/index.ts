export { type Answer, refused } from "./answers.ts";
export { asClient, type ClientCall, clientAccess, clientFailures, sendAnswer } from "./client-routes.ts";
export { INIT_DATA_MAX_AGE_SECONDS } from "./init-data.ts";
export { createMiniAppService, type MiniAppService } from "./miniapp-service.ts";
export { miniAppRoutes } from "./routes.ts";
export { createMiniAppSessionService, type MiniAppSessionService } from "./session-service.ts";
export {
  cardOf,
  itemOf,
  marketOf,
  orderOf,
  quoteOf,
  type RefusalStatus,
  refusalOf,
  refusalStatus,
} from "./views.ts";
export { noWaits, type WaitedFor } from "./waited-for.ts";
