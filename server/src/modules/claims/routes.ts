import {
  paged,
  ZClaimListQuerySchema,
  ZClaimSchema,
  ZClaimUpdateSchema,
  ZIdParamsSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page } from "../../http/pagination.ts";
import type { ClaimService } from "./claim-service.ts";

const manage = { access: "claims.manage" } as const;

/** Clients' claims, filed in the bot and handled in the back-office (/api/messaging/claims/…). */
export const claimRoutes: FastifyPluginAsyncZod<{ claims: ClaimService }> = async (app, { claims }) => {
  app.get(
    "/messaging/claims/",
    {
      config: manage,
      schema: { querystring: ZClaimListQuerySchema, response: { 200: paged(ZClaimSchema) } },
    },
    async (request) => page(request, { ...(await claims.list(request.query)), ...request.query }),
  );
  app.put(
    "/messaging/claims/:id/",
    {
      config: manage,
      schema: { params: ZIdParamsSchema, body: ZClaimUpdateSchema, response: { 200: ZClaimSchema } },
    },
    (request) => claims.update(request.params.id, request.body),
  );
  app.delete(
    "/messaging/claims/:id/",
    { config: manage, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await claims.remove(request.params.id);
      return reply.status(204).send();
    },
  );
};
