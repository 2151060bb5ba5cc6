import {
  ZIdParamsSchema,
  ZMiniAppAddAvailableSchema,
  ZMiniAppAddedSchema,
  ZMiniAppAddSchema,
  ZMiniAppChangeSchema,
  ZMiniAppOrderSchema,
  ZMiniAppPositionResultSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ClientCall, clientAccess, clientFailures, sendAnswer } from "./client-routes.ts";
import type { MiniAppService } from "./miniapp-service.ts";

/** «Мой заказ» and its positions: added, taken as available, changed, removed. */
export const orderRoutes: FastifyPluginAsyncZod<{ as: ClientCall<MiniAppService> }> = async (app, { as }) => {
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
};
