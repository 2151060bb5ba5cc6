import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogueRoutes } from "./catalogue-routes.ts";
import { asClient } from "./client-routes.ts";
import type { MiniAppService } from "./miniapp-service.ts";
import { orderRoutes } from "./order-routes.ts";
import { sessionRoutes } from "./session-routes.ts";
import type { MiniAppSessionService } from "./session-service.ts";
import { textAndClaimRoutes } from "./text-and-claim-routes.ts";

/**
 * The Telegram Mini App's API: a session from signed launch data (public), then calls with the client token
 * only (`access: "client"`). The client is the token's, never a parameter. The groups are called, not
 * registered, so that their routes stay in this plugin's context, in this order.
 */
export const miniAppRoutes: FastifyPluginAsyncZod<{
  miniAppSessions: MiniAppSessionService;
  miniApp: MiniAppService;
  /** The same calls for a staff preview in dry run: its changes are rolled back. */
  miniAppDryRun: MiniAppService;
}> = async (app, { miniAppSessions, miniApp: live, miniAppDryRun }) => {
  const as = asClient(live, () => miniAppDryRun);
  await sessionRoutes(app, { miniAppSessions });
  await catalogueRoutes(app, { as });
  await orderRoutes(app, { as });
  await textAndClaimRoutes(app, { as });
};
