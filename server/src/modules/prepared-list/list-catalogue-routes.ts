import {
  ZIdParamsSchema,
  ZMiniAppBrandListSchema,
  ZMiniAppCardSchema,
  ZMiniAppCatalogueQuerySchema,
  ZMiniAppCatalogueSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ClientCall, clientAccess, clientFailures, sendAnswer } from "../miniapp/index.ts";
import type { PreparedListService } from "./list-service.ts";

/** The catalogue a line is chosen from: brands, the items of a brand or a search, an item's card. */
export const listCatalogueRoutes: FastifyPluginAsyncZod<{ as: ClientCall<PreparedListService> }> = async (
  app,
  { as },
) => {
  app.get(
    "/app/list/brands/",
    { config: clientAccess, schema: { response: { 200: ZMiniAppBrandListSchema, ...clientFailures } } },
    async (request, reply) => sendAnswer(reply, await as(request, (list, clientId) => list.brands(clientId))),
  );
  app.get(
    "/app/list/catalogue/",
    {
      config: clientAccess,
      schema: {
        querystring: ZMiniAppCatalogueQuerySchema,
        response: { 200: ZMiniAppCatalogueSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.catalogue(clientId, request.query))),
  );
  app.get(
    "/app/list/modifications/:id/",
    {
      config: clientAccess,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppCardSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.card(clientId, request.params.id))),
  );
};
