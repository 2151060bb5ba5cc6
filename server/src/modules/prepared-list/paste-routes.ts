import {
  ZPasteAlternativesQuerySchema,
  ZPasteAlternativesSchema,
  ZPasteAppliedSchema,
  ZPasteApplySchema,
  ZPasteMatchSchema,
  ZPasteRequestSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ClientCall, clientAccess, clientFailures, sendAnswer } from "../miniapp/index.ts";
import type { PreparedListService } from "./list-service.ts";

/** A pasted list: matched line by line, another match looked up, the choices applied to the list. */
export const pasteRoutes: FastifyPluginAsyncZod<{ as: ClientCall<PreparedListService> }> = async (
  app,
  { as },
) => {
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
};
