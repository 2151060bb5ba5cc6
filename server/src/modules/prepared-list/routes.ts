import {
  ZIdParamsSchema,
  ZMiniAppBrandListSchema,
  ZMiniAppCardSchema,
  ZMiniAppCatalogueQuerySchema,
  ZMiniAppCatalogueSchema,
  ZMiniAppFailureSchema,
  ZMiniAppQuoteSchema,
  ZPasteAlternativesQuerySchema,
  ZPasteAlternativesSchema,
  ZPasteAppliedSchema,
  ZPasteApplySchema,
  ZPasteMatchSchema,
  ZPasteRequestSchema,
  ZPastOrdersSchema,
  ZPreparedListAddSchema,
  ZPreparedListChangeSchema,
  ZPreparedListQuoteRequestSchema,
  ZPreparedListSchema,
  ZPreparedListSendFailureSchema,
  ZPreparedListSendSchema,
  ZPreparedListSentSchema,
  ZRepeatedOrderSchema,
  ZRepeatOrderSchema,
} from "@wholesale/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentClient } from "../../http/auth.ts";
import { RETRY_AFTER_SECONDS } from "../ordering/index.ts";
import type { Answer } from "./answers.ts";
import type { PreparedListService } from "./list-service.ts";

const client = { access: "client" } as const;
/** As the Mini App's routes: the ordering service's refusal or the error model. */
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
/** A send's 409 may be the whole list refused, with the market and its opening time. */
const sendFailures = { ...failures, 409: ZPreparedListSendFailureSchema };

function send<T>(reply: FastifyReply, answer: Answer<T>, status = 200) {
  if (answer.ok) return reply.status(status).send(answer.value);
  if (answer.status === 429) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  return reply.status(answer.status).send(answer.refusal);
}

/**
 * The prepared list's routes (paths in contract/src/prepared-list.ts), the Mini App's: the client token only
 * (`access: "client"`), the client the token's; a preview token in dry run goes to the service of its session,
 * whose changes are rolled back and whose list is the preview's own.
 */
export const preparedListRoutes: FastifyPluginAsyncZod<{
  preparedList: PreparedListService;
  /** The service of a staff preview in dry run, for its session. */
  preparedListPreview: (session: string) => PreparedListService;
}> = async (app, { preparedList: live, preparedListPreview }) => {
  const as = <T>(
    request: FastifyRequest,
    call: (service: PreparedListService, clientId: number) => Promise<T>,
  ) => {
    const claims = currentClient(request);
    return call(claims.dryRun ? preparedListPreview(claims.previewSession ?? "") : live, claims.clientId);
  };
  app.get(
    "/app/list/",
    { config: client, schema: { response: { 200: ZPreparedListSchema, ...failures } } },
    async (request, reply) => send(reply, await as(request, (list, clientId) => list.list(clientId))),
  );
  app.post(
    "/app/list/lines/",
    {
      config: client,
      schema: { body: ZPreparedListAddSchema, response: { 201: ZPreparedListSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.addLine(clientId, request.body)), 201),
  );
  app.put(
    "/app/list/lines/:id/",
    {
      config: client,
      schema: {
        params: ZIdParamsSchema,
        body: ZPreparedListChangeSchema,
        response: { 200: ZPreparedListSchema, ...failures },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await as(request, (list, clientId) => list.changeLine(clientId, request.params.id, request.body)),
      ),
  );
  app.delete(
    "/app/list/lines/:id/",
    {
      config: client,
      schema: { params: ZIdParamsSchema, response: { 200: ZPreparedListSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.deleteLine(clientId, request.params.id))),
  );
  app.post(
    "/app/list/quote/",
    {
      config: client,
      schema: { body: ZPreparedListQuoteRequestSchema, response: { 200: ZMiniAppQuoteSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.quote(clientId, request.body))),
  );
  app.get(
    "/app/list/brands/",
    { config: client, schema: { response: { 200: ZMiniAppBrandListSchema, ...failures } } },
    async (request, reply) => send(reply, await as(request, (list, clientId) => list.brands(clientId))),
  );
  app.get(
    "/app/list/catalogue/",
    {
      config: client,
      schema: {
        querystring: ZMiniAppCatalogueQuerySchema,
        response: { 200: ZMiniAppCatalogueSchema, ...failures },
      },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.catalogue(clientId, request.query))),
  );
  app.get(
    "/app/list/modifications/:id/",
    {
      config: client,
      schema: { params: ZIdParamsSchema, response: { 200: ZMiniAppCardSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.card(clientId, request.params.id))),
  );
  app.post(
    "/app/list/send/",
    {
      config: client,
      schema: { body: ZPreparedListSendSchema, response: { 200: ZPreparedListSentSchema, ...sendFailures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.send(clientId, request.body.idempotency_key))),
  );
  app.post(
    "/app/list/paste/",
    {
      config: client,
      schema: { body: ZPasteRequestSchema, response: { 200: ZPasteMatchSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.paste(clientId, request.body.text))),
  );
  app.get(
    "/app/list/paste/alternatives/",
    {
      config: client,
      schema: {
        querystring: ZPasteAlternativesQuerySchema,
        response: { 200: ZPasteAlternativesSchema, ...failures },
      },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.pasteAlternatives(clientId, request.query))),
  );
  app.post(
    "/app/list/paste/apply/",
    {
      config: client,
      schema: { body: ZPasteApplySchema, response: { 201: ZPasteAppliedSchema, ...failures } },
    },
    async (request, reply) =>
      send(reply, await as(request, (list, clientId) => list.applyPaste(clientId, request.body)), 201),
  );
  app.get(
    "/app/orders/",
    { config: client, schema: { response: { 200: ZPastOrdersSchema, ...failures } } },
    async (request, reply) => send(reply, await as(request, (list, clientId) => list.pastOrders(clientId))),
  );
  app.post(
    "/app/orders/:id/repeat/",
    {
      config: client,
      schema: {
        params: ZIdParamsSchema,
        body: ZRepeatOrderSchema,
        response: { 200: ZRepeatedOrderSchema, ...sendFailures },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await as(request, (list, clientId) =>
          list.repeat(clientId, request.params.id, request.body.idempotency_key),
        ),
      ),
  );
};
