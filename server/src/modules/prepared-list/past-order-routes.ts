import {
  ZIdParamsSchema,
  ZPastOrdersSchema,
  ZRepeatedOrderSchema,
  ZRepeatOrderSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ClientCall, clientAccess, clientFailures, sendAnswer } from "../miniapp/index.ts";
import type { PreparedListService } from "./list-service.ts";
import { sendFailures } from "./send-failures.ts";

/** Past orders, and one repeated into today's order. */
export const pastOrderRoutes: FastifyPluginAsyncZod<{ as: ClientCall<PreparedListService> }> = async (
  app,
  { as },
) => {
  app.get(
    "/app/orders/",
    { config: clientAccess, schema: { response: { 200: ZPastOrdersSchema, ...clientFailures } } },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.pastOrders(clientId))),
  );
  app.post(
    "/app/orders/:id/repeat/",
    {
      config: clientAccess,
      schema: {
        params: ZIdParamsSchema,
        body: ZRepeatOrderSchema,
        response: { 200: ZRepeatedOrderSchema, ...sendFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (list, clientId) =>
          list.repeat(clientId, request.params.id, request.body.idempotency_key),
        ),
      ),
  );
};
