import {
  ZIdParamsSchema,
  ZMiniAppBrandListSchema,
  ZMiniAppCardSchema,
  ZMiniAppCatalogueQuerySchema,
  ZMiniAppCatalogueSchema,
  ZMiniAppMarketSchema,
  ZMiniAppQuoteRequestSchema,
  ZMiniAppQuoteSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ClientCall, clientAccess, clientFailures, sendAnswer } from "./client-routes.ts";
import type { MiniAppService } from "./miniapp-service.ts";

/** The market's state, the brands, the catalogue, a modification's card and a quote. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ as: ClientCall<MiniAppService> }> = async (
  app,
  { as },
) => {
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
};
