import {
  ZMiniAppClaimFiledSchema,
  ZMiniAppClaimSchema,
  ZMiniAppTextKindSchema,
  ZMiniAppTextSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type ClientCall, clientAccess, clientFailures, sendAnswer } from "./client-routes.ts";
import type { MiniAppService } from "./miniapp-service.ts";

/** The conditions' and the warranty's texts, and filing a claim. */
export const textAndClaimRoutes: FastifyPluginAsyncZod<{ as: ClientCall<MiniAppService> }> = async (
  app,
  { as },
) => {
  app.get(
    "/app/texts/:kind/",
    {
      config: clientAccess,
      schema: { params: ZMiniAppTextKindSchema, response: { 200: ZMiniAppTextSchema, ...clientFailures } },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (miniApp, clientId) => miniApp.text(clientId, request.params.kind)),
      ),
  );
  app.post(
    "/app/claims/",
    {
      config: clientAccess,
      // A claim the claims module refuses (blank, too long) is an error model 400.
      schema: {
        body: ZMiniAppClaimSchema,
        response: { 201: ZMiniAppClaimFiledSchema, ...clientFailures },
      },
    },
    async (request, reply) =>
      sendAnswer(
        reply,
        await as(request, (miniApp, clientId) => miniApp.claim(clientId, request.body.text)),
        201,
      ),
  );
};
