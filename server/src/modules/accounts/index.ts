export { createAccountsService } from "./account-service.ts";
export { createAuthService, MAX_FAILURES_PER_IP } from "./auth-service.ts";
export { createLogService } from "./log-service.ts";
export { accountRoutes, tokenRoutes } from "./routes.ts";
