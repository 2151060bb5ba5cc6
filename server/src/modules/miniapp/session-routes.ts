import { ZMiniAppMeSchema, ZMiniAppSessionRequestSchema, ZMiniAppSessionSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentClient } from "../../http/auth.ts";
import { AppError } from "../../http/errors.ts";
import { clientAccess, clientFailures } from "./client-routes.ts";
import type { MiniAppSessionService } from "./session-service.ts";

/** A session from signed launch data (public), and who the token's client is. */
export const sessionRoutes: FastifyPluginAsyncZod<{ miniAppSessions: MiniAppSessionService }> = async (
  app,
  { miniAppSessions },
) => {
  app.post(
    "/app/session/",
    {
      config: { access: "public" },
      schema: {
        body: ZMiniAppSessionRequestSchema,
        response: { 200: ZMiniAppSessionSchema, ...clientFailures },
      },
    },
    (request) => miniAppSessions.open(request.body.init_data),
  );
  app.get(
    "/app/me/",
    { config: clientAccess, schema: { response: { 200: ZMiniAppMeSchema, ...clientFailures } } },
    async (request) => {
      const me = await miniAppSessions.me(currentClient(request));
      if (!me) throw new AppError("permission_denied", "Вы не можете делать заказы. Обратитесь к менеджеру.");
      return me;
    },
  );
};
