export { createMessageService, type MessageService } from "./message-service.ts";
export { reachableAgain } from "./reachability.ts";
export { messagingRoutes } from "./routes.ts";
