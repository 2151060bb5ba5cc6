import {
  ZErrorSchema,
  ZIdParamsSchema,
  ZMiniAppAddSchema,
  ZMiniAppBrandListSchema,
  ZMiniAppCardSchema,
  ZMiniAppCatalogueQuerySchema,
  ZMiniAppCatalogueSchema,
  ZMiniAppChangeSchema,
  ZMiniAppClaimFiledSchema,
  ZMiniAppClaimSchema,
  ZMiniAppMarketSchema,
  ZMiniAppOrderSchema,
  ZMiniAppPositionResultSchema,
  ZMiniAppQuoteRequestSchema,
  ZMiniAppQuoteSchema,
  ZMiniAppRefusalSchema,
  ZMiniAppSessionRequestSchema,
  ZMiniAppSessionSchema,
  ZMiniAppTextKindSchema,
  ZMiniAppTextSchema,
} from "@wholesale/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentClient } from "../../http/auth.ts";
import type { Answer, MiniAppService } from "./catalogue-service.ts";
import type { MiniAppSessionService } from "./session-service.ts";

const client = { access: "client" } as const;
/** A refusal is sent as the refusal schema says: the service's reason, what is still possible, a new quote. */
const refusals = {
  400: ZMiniAppRefusalSchema,
  403: ZMiniAppRefusalSchema,
  404: ZMiniAppRefusalSchema,
  409: ZMiniAppRefusalSchema,
};

function send<T>(reply: FastifyReply, answer: Answer<T>, status = 200) {
  if (answer.ok) return reply.status(status).send(answer.value);
  return reply.status(answer.status).send(answer.refusal);
}

/**
 * The Telegram Mini App's API: a session from signed launch data (public), then calls with the client token
 * only (`access: "client"`). The client is the token's, never a parameter.
 */
export const miniAppRoutes: FastifyPluginAsyncZod<{
  miniAppSessions: MiniAppSessionService;
  miniApp: MiniAppService;
}> = async (app, { miniAppSessions, miniApp }) => {
  app.post(
    "/app/session/",
    {
      config: { access: "public" },
      schema: {
        body: ZMiniAppSessionRequestSchema,
        response: { 200: ZMiniAppSessionSchema, 401: ZErrorSchema },
      },
    },
    (request) => miniAppSessions.open(request.body.init_data),
  );
  app.get(
    "/app/market/",
    { config: client, schema: { response: { 200: ZMiniAppMarketSchema, ...refusals } } },
    async (request, reply) => send(reply, await miniApp.market(currentClient(request).clientId)),
  );
  app.get(
    "/app/brands/",
    { config: client, schema: { response: { 200: ZMiniAppBrandListSchema, ...refusals } } },
    async (request, reply) => send(reply, await miniApp.brands(currentClient(request).clientId)),
  );
  app.get(
    "/app/catalogue/",
    {
      config: client,
      schema: {
        querystring: ZMiniAppCatalogueQuerySchema,
        response: { 200: ZMiniAppCatalogueSchema, ...refusals },
      },
    },
    async (request, reply) =>
      send(reply, await miniApp.catalogue(currentClient(request).clientId, request.query)),
  );
  app.get(
    "/app/modifications/:id/",
    {
      config: client,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppCardSchema, ...refusals } },
    },
    async (request, reply) =>
      send(reply, await miniApp.card(currentClient(request).clientId, request.params.id)),
  );
  app.post(
    "/app/quote/",
    {
      config: client,
      schema: { body: ZMiniAppQuoteRequestSchema, response: { 200: ZMiniAppQuoteSchema, ...refusals } },
    },
    async (request, reply) =>
      send(
        reply,
        await miniApp.quote(
          currentClient(request).clientId,
          request.body.modification,
          request.body.quantity,
        ),
      ),
  );
  app.get(
    "/app/order/",
    { config: client, schema: { response: { 200: ZMiniAppOrderSchema, ...refusals } } },
    async (request, reply) => send(reply, await miniApp.order(currentClient(request).clientId)),
  );
  app.post(
    "/app/positions/",
    {
      config: client,
      schema: { body: ZMiniAppAddSchema, response: { 201: ZMiniAppPositionResultSchema, ...refusals } },
    },
    async (request, reply) =>
      send(reply, await miniApp.add(currentClient(request).clientId, request.body), 201),
  );
  app.put(
    "/app/positions/:id/",
    {
      config: client,
      schema: {
        params: ZIdParamsSchema,
        body: ZMiniAppChangeSchema,
        response: { 200: ZMiniAppPositionResultSchema, ...refusals },
      },
    },
    async (request, reply) =>
      send(reply, await miniApp.change(currentClient(request).clientId, request.params.id, request.body)),
  );
  app.delete(
    "/app/positions/:id/",
    {
      config: client,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppOrderSchema, ...refusals } },
    },
    async (request, reply) =>
      send(reply, await miniApp.remove(currentClient(request).clientId, request.params.id)),
  );
  app.get(
    "/app/texts/:kind/",
    {
      config: client,
      schema: { params: ZMiniAppTextKindSchema, response: { 200: ZMiniAppTextSchema, ...refusals } },
    },
    async (request, reply) =>
      send(reply, await miniApp.text(currentClient(request).clientId, request.params.kind)),
  );
  app.post(
    "/app/claims/",
    {
      config: client,
      // A claim the claims module refuses (blank, too long) is an error model 400.
      schema: {
        body: ZMiniAppClaimSchema,
        response: { 201: ZMiniAppClaimFiledSchema, 400: ZErrorSchema, 403: ZMiniAppRefusalSchema },
      },
    },
    async (request, reply) =>
      send(reply, await miniApp.claim(currentClient(request).clientId, request.body.text), 201),
  );
};
