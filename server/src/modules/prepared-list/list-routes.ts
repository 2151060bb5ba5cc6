import {
  ZIdParamsSchema,
  ZMiniAppQuoteSchema,
  ZPreparedListAddSchema,
  ZPreparedListChangeSchema,
  ZPreparedListQuoteRequestSchema,
  ZPreparedListSchema,
  ZPreparedListSendSchema,
  ZPreparedListSentSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ClientCall, clientAccess, clientFailures, sendAnswer } from "../miniapp/index.ts";
import type { PreparedListService } from "./list-service.ts";
import { sendFailures } from "./send-failures.ts";

/** The list and its lines: read, added, changed, removed, a line quoted, the list sent. */
export const listRoutes: FastifyPluginAsyncZod<{ as: ClientCall<PreparedListService> }> = async (
  app,
  { as },
) => {
  app.get(
    "/app/list/",
    { config: clientAccess, schema: { response: { 200: ZPreparedListSchema, ...clientFailures } } },
    async (request, reply) => sendAnswer(reply, await as(request, (list, clientId) => list.list(clientId))),
  );
  app.post(
    "/app/list/lines/",
    {
      config: clientAccess,
      schema: { body: ZPreparedListAddSchema, response: { 201: ZPreparedListSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.addLine(clientId, request.body)), 201),
  );
  app.put(
    "/app/list/lines/:id/",
    {
      config: clientAccess,
      schema: {
        params: ZIdParamsSchema,
        body: ZPreparedListChangeSchema,
        response: { 200: ZPreparedListSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (list, clientId) => list.changeLine(clientId, request.params.id, request.body)),
      ),
  );
  app.delete(
    "/app/list/lines/:id/",
    {
      config: clientAccess,
      schema: { params: ZIdParamsSchema, response: { 200: ZPreparedListSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.deleteLine(clientId, request.params.id))),
  );
  app.post(
    "/app/list/quote/",
    {
      config: clientAccess,
      schema: {
        body: ZPreparedListQuoteRequestSchema,
        response: { 200: ZMiniAppQuoteSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.quote(clientId, request.body))),
  );
  app.post(
    "/app/list/send/",
    {
      config: clientAccess,
      schema: { body: ZPreparedListSendSchema, response: { 200: ZPreparedListSentSchema, ...sendFailures } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (list, clientId) => list.send(clientId, request.body.idempotency_key)),
      ),
  );
};
