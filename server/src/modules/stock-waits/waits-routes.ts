import {
  ZIdParamsSchema,
  ZStockWaitAskedSchema,
  ZStockWaitListSchema,
  ZStockWaitRequestSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { asClient, clientAccess, clientFailures, sendAnswer } from "../miniapp/index.ts";
import type { StockWaitService } from "./stock-wait-service.ts";

/**
 * The Mini App's «Сообщить о поступлении» and «Мои ожидания»: the token's client only, through the service a
 * staff preview's dry run keeps nothing of.
 */
export const stockWaitRoutes: FastifyPluginAsyncZod<{
  stockWaits: StockWaitService;
  stockWaitsDryRun: StockWaitService;
}> = async (app, { stockWaits, stockWaitsDryRun }) => {
  const as = asClient(stockWaits, () => stockWaitsDryRun);
  app.get(
    "/app/waits/",
    { config: clientAccess, schema: { response: { 200: ZStockWaitListSchema, ...clientFailures } } },
    async (request, reply) => sendAnswer(reply, await as(request, (waits, clientId) => waits.list(clientId))),
  );
  app.post(
    "/app/waits/",
    {
      config: clientAccess,
      schema: {
        body: ZStockWaitRequestSchema,
        response: { 200: ZStockWaitAskedSchema, 201: ZStockWaitAskedSchema, ...clientFailures },
      },
    },
    async (request, reply) => {
      const answer = await as(request, (waits, clientId) => waits.ask(clientId, request.body.modification));
      return sendAnswer(reply, answer, answer.ok && answer.value.already ? 200 : 201);
    },
  );
  app.delete(
    "/app/waits/:id/",
    {
      config: clientAccess,
      schema: { params: ZIdParamsSchema, response: { 204: z.null(), ...clientFailures } },
    },
    async (request, reply) => {
      const answer = await as(request, (waits, clientId) => waits.cancel(clientId, request.params.id));
      return answer.ok ? reply.status(204).send(null) : sendAnswer(reply, answer);
    },
  );
};
