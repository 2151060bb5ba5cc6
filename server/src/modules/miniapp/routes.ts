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
  ZMiniAppFailureSchema,
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
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentClient } from "../../http/auth.ts";
import { AppError } from "../../http/errors.ts";
import { RETRY_AFTER_SECONDS } from "../ordering/index.ts";
import type { Answer, MiniAppService } from "./miniapp-service.ts";
import type { MiniAppSessionService } from "./session-service.ts";

const client = { access: "client" } as const;
/**
 * What a client route answers besides success (the contract's failure): the ordering service's refusal (its
 * reason, what is still possible, a new quote) or the error model (bad input, a token, too many adds).
 */
const failures = {
  400: ZMiniAppFailureSchema,
  401: ZMiniAppFailureSchema,
  403: ZMiniAppFailureSchema,
  404: ZMiniAppFailureSchema,
  409: ZMiniAppFailureSchema,
  413: ZMiniAppFailureSchema,
  415: ZMiniAppFailureSchema,
  429: ZMiniAppFailureSchema,
};

function send<T>(reply: FastifyReply, answer: Answer<T>, status = 200) {
  if (answer.ok) return reply.status(status).send(answer.value);
  if (answer.status === 429) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  return reply.status(answer.status).send(answer.refusal);
}

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
  /** The call for the token's client, through the service its changes go through (a dry run's roll back). */
  const as = <T>(
    request: FastifyRequest,
    call: (service: MiniAppService, clientId: number) => Promise<T>,
  ) => {
    const claims = currentClient(request);
    return call(claims.dryRun ? miniAppDryRun : live, claims.clientId);
  };
  app.post(
    "/app/session/",
    {
      config: { access: "public" },
      schema: {
        body: ZMiniAppSessionRequestSchema,
        response: { 200: ZMiniAppSessionSchema, ...failures },
      },
    },
    (request) => miniAppSessions.open(request.body.init_data),
  );
  app.get(
    "/app/me/",
    { config: client, schema: { response: { 200: ZMiniAppMeSchema, ...failures } } },
    async (request) => {
      const me = await miniAppSessions.me(currentClient(request));
      if (!me) throw new AppError("permission_denied", "Вы не можете делать заказы. Обратитесь к менеджеру.");
      return me;
    },
  );
  app.get(
    "/app/market/",
    { config: client, schema: { response: { 200: ZMiniAppMarketSchema, ...failures } } },
    async (request, reply) => send(reply, await as(request, (miniApp, clientId) => miniApp.market(clientId))),
  );
  app.get(
    "/app/brands/",
    { config: client, schema: { response: { 200: ZMiniAppBrandListSchema, ...failures } } },
    async (request, reply) => send(reply, await as(request, (miniApp, clientId) => miniApp.brands(clientId))),
  );
  app.get(
    "/app/catalogue/",
    {
      config: client,
      schema: {
        querystring: ZMiniAppCatalogueQuerySchema,
        response: { 200: ZMiniAppCatalogueSchema, ...failures },
      },
    },
    async (request, reply) =>
      send(reply, await as(request, (miniApp, clientId) => miniApp.catalogue(clientId, request.query))),
  );
  app.get(
    "/app/modifications/:id/",
    {
      config: client,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppCardSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (miniApp, clientId) => miniApp.card(clientId, request.params.id))),
  );
  app.post(
    "/app/quote/",
    {
      config: client,
      schema: { body: ZMiniAppQuoteRequestSchema, response: { 200: ZMiniAppQuoteSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (miniApp, clientId) => miniApp.quote(clientId, request.body))),
  );
  app.get(
    "/app/order/",
    { config: client, schema: { response: { 200: ZMiniAppOrderSchema, ...failures } } },
    async (request, reply) => send(reply, await as(request, (miniApp, clientId) => miniApp.order(clientId))),
  );
  app.post(
    "/app/positions/",
    {
      config: client,
      schema: { body: ZMiniAppAddSchema, response: { 201: ZMiniAppAddedSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (miniApp, clientId) => miniApp.add(clientId, request.body)), 201),
  );
  app.post(
    "/app/positions/available/",
    {
      config: client,
      schema: { body: ZMiniAppAddAvailableSchema, response: { 201: ZMiniAppAddedSchema, ...failures } },
    },
    async (request, reply) =>
      send(
        reply,
        await as(request, (miniApp, clientId) => miniApp.addAvailable(clientId, request.body)),
        201,
      ),
  );
  app.put(
    "/app/positions/:id/",
    {
      config: client,
      schema: {
        params: ZIdParamsSchema,
        body: ZMiniAppChangeSchema,
        response: { 200: ZMiniAppPositionResultSchema, ...failures },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await as(request, (miniApp, clientId) => miniApp.change(clientId, request.params.id, request.body)),
      ),
  );
  app.delete(
    "/app/positions/:id/",
    {
      config: client,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppOrderSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (miniApp, clientId) => miniApp.remove(clientId, request.params.id))),
  );
  app.get(
    "/app/texts/:kind/",
    {
      config: client,
      schema: { params: ZMiniAppTextKindSchema, response: { 200: ZMiniAppTextSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (miniApp, clientId) => miniApp.text(clientId, request.params.kind))),
  );
  app.post(
    "/app/claims/",
    {
      config: client,
      // A claim the claims module refuses (blank, too long) is an error model 400.
      schema: {
        body: ZMiniAppClaimSchema,
        response: { 201: ZMiniAppClaimFiledSchema, ...failures },
      },
    },
    async (request, reply) =>
      send(reply, await as(request, (miniApp, clientId) => miniApp.claim(clientId, request.body.text)), 201),
  );
};
