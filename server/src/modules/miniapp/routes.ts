import {
  ZIdParamsSchema,
  ZMiniAppAddAvailableSchema,
  ZMiniAppAddedSchema,
  ZMiniAppAddSchema,
  ZMiniAppBrandListSchema,
  ZMiniAppCardSchema,
  ZMiniAppCatalogueQuerySchema,
  ZMiniAppCatalogueSchema,
  ZMiniAppChangeSchema,
  ZMiniAppClaimFiledSchema,
  ZMiniAppClaimSchema,
  ZMiniAppMarketSchema,
  ZMiniAppMeSchema,
  ZMiniAppOrderSchema,
  ZMiniAppPositionResultSchema,
  ZMiniAppQuoteRequestSchema,
  ZMiniAppQuoteSchema,
  ZMiniAppSessionRequestSchema,
  ZMiniAppSessionSchema,
  ZMiniAppTextKindSchema,
  ZMiniAppTextSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentClient } from "../../http/auth.ts";
import { AppError } from "../../http/errors.ts";
import { asClient, clientAccess, clientFailures, sendAnswer } from "./client-routes.ts";
import type { MiniAppService } from "./miniapp-service.ts";
import type { MiniAppSessionService } from "./session-service.ts";

/**
 * The Telegram Mini App's API: a session from signed launch data (public), then calls with the client token
 * only (`access: "client"`). The client is the token's, never a parameter.
 */
export const miniAppRoutes: FastifyPluginAsyncZod<{
  miniAppSessions: MiniAppSessionService;
  miniApp: MiniAppService;
  /** The same calls for a staff preview in dry run: its changes are rolled back. */
  miniAppDryRun: MiniAppService;
}> = async (app, { miniAppSessions, miniApp: live, miniAppDryRun }) => {
  const as = asClient(live, () => miniAppDryRun);
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
  app.get(
    "/app/market/",
    { config: clientAccess, schema: { response: { 200: ZMiniAppMarketSchema, ...clientFailures } } },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (miniApp, clientId) => miniApp.market(clientId))),
  );
  app.get(
    "/app/brands/",
    { config: clientAccess, schema: { response: { 200: ZMiniAppBrandListSchema, ...clientFailures } } },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (miniApp, clientId) => miniApp.brands(clientId))),
  );
  app.get(
    "/app/catalogue/",
    {
      config: clientAccess,
      schema: {
        querystring: ZMiniAppCatalogueQuerySchema,
        response: { 200: ZMiniAppCatalogueSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (miniApp, clientId) => miniApp.catalogue(clientId, request.query))),
  );
  app.get(
    "/app/modifications/:id/",
    {
      config: clientAccess,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppCardSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (miniApp, clientId) => miniApp.card(clientId, request.params.id))),
  );
  app.post(
    "/app/quote/",
    {
      config: clientAccess,
      schema: { body: ZMiniAppQuoteRequestSchema, response: { 200: ZMiniAppQuoteSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (miniApp, clientId) => miniApp.quote(clientId, request.body))),
  );
  app.get(
    "/app/order/",
    { config: clientAccess, schema: { response: { 200: ZMiniAppOrderSchema, ...clientFailures } } },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (miniApp, clientId) => miniApp.order(clientId))),
  );
  app.post(
    "/app/positions/",
    {
      config: clientAccess,
      schema: { body: ZMiniAppAddSchema, response: { 201: ZMiniAppAddedSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (miniApp, clientId) => miniApp.add(clientId, request.body)), 201),
  );
  app.post(
    "/app/positions/available/",
    {
      config: clientAccess,
      schema: { body: ZMiniAppAddAvailableSchema, response: { 201: ZMiniAppAddedSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (miniApp, clientId) => miniApp.addAvailable(clientId, request.body)),
        201,
      ),
  );
  app.put(
    "/app/positions/:id/",
    {
      config: clientAccess,
      schema: {
        params: ZIdParamsSchema,
        body: ZMiniAppChangeSchema,
        response: { 200: ZMiniAppPositionResultSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (miniApp, clientId) => miniApp.change(clientId, request.params.id, request.body)),
      ),
  );
  app.delete(
    "/app/positions/:id/",
    {
      config: clientAccess,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppOrderSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (miniApp, clientId) => miniApp.remove(clientId, request.params.id)),
      ),
  );
  app.get(
    "/app/texts/:kind/",
    {
      config: clientAccess,
      schema: { params: ZMiniAppTextKindSchema, response: { 200: ZMiniAppTextSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (miniApp, clientId) => miniApp.text(clientId, request.params.kind)),
      ),
  );
  app.post(
    "/app/claims/",
    {
      config: clientAccess,
      // A claim the claims module refuses (blank, too long) is an error model 400.
      schema: {
        body: ZMiniAppClaimSchema,
        response: { 201: ZMiniAppClaimFiledSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (miniApp, clientId) => miniApp.claim(clientId, request.body.text)),
        201,
      ),
  );
};
