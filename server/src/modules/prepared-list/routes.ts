import {
  ZIdParamsSchema,
  ZMiniAppBrandListSchema,
  ZMiniAppCardSchema,
  ZMiniAppCatalogueQuerySchema,
  ZMiniAppCatalogueSchema,
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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { asClient, clientAccess, clientFailures, sendAnswer } from "../miniapp/index.ts";
import type { PreparedListService } from "./list-service.ts";

/** A send's 409 may be the whole list refused, with the market and its opening time. */
const sendFailures = { ...clientFailures, 409: ZPreparedListSendFailureSchema };

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
  const as = asClient(live, preparedListPreview);
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
  app.post(
    "/app/list/paste/",
    {
      config: clientAccess,
      schema: { body: ZPasteRequestSchema, response: { 200: ZPasteMatchSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.paste(clientId, request.body.text))),
  );
  app.get(
    "/app/list/paste/alternatives/",
    {
      config: clientAccess,
      schema: {
        querystring: ZPasteAlternativesQuerySchema,
        response: { 200: ZPasteAlternativesSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (list, clientId) => list.pasteAlternatives(clientId, request.query)),
      ),
  );
  app.post(
    "/app/list/paste/apply/",
    {
      config: clientAccess,
      schema: { body: ZPasteApplySchema, response: { 201: ZPasteAppliedSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(reply, await as(request, (list, clientId) => list.applyPaste(clientId, request.body)), 201),
  );
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
