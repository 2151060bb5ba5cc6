export {
  type BotRegistration,
  type BotRegistrationService,
  type BotUserStanding,
  createBotRegistrationService,
  standingColumn,
  standingOf,
} from "./bot-registration.ts";
export { createClientService } from "./client-service.ts";
export { createCollectionGroupService } from "./collection-group-service.ts";
export { createGroupService } from "./group-service.ts";
export { createOrganizationService } from "./organization-service.ts";
export { createRequestService } from "./request-service.ts";
export { profileRoutes } from "./routes.ts";
export { sendOrdersRoutes } from "./send-orders-routes.ts";
export { createSendOrdersService } from "./send-orders-service.ts";
