import {
  paged,
  ZAccessRulesSchema,
  ZAccessRulesUpdateSchema,
  ZClientListQuerySchema,
  ZClientSchema,
  ZClientUpdateSchema,
  ZIdParamsSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page } from "../../http/pagination.ts";
import type { ClientService } from "./client-service.ts";

const read = { access: "clients.read" } as const;
const write = { access: "clients.write" } as const;
const ZClientPageSchema = paged(ZClientSchema);

/** Clients, a page at a time, and each one's access rules: the prices it sees, its banned brands, its limit. */
export const clientRoutes: FastifyPluginAsyncZod<{ clients: ClientService }> = async (app, { clients }) => {
  app.get(
    "/profiles/clients/",
    { config: read, schema: { querystring: ZClientListQuerySchema, response: { 200: ZClientPageSchema } } },
    async (request) => page(request, { ...(await clients.list(request.query)), ...request.query }),
  );
  app.get(
    "/profiles/clients/active/",
    { config: read, schema: { querystring: ZClientListQuerySchema, response: { 200: ZClientPageSchema } } },
    async (request) => page(request, { ...(await clients.list(request.query, true)), ...request.query }),
  );
  app.get(
    "/profiles/clients/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZClientSchema } } },
    (request) => clients.get(request.params.id),
  );
  app.put(
    "/profiles/clients/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZClientUpdateSchema, response: { 200: ZClientSchema } },
    },
    (request) => clients.update(request.params.id, request.body),
  );

  app.get(
    "/profiles/access-rules/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZAccessRulesSchema } } },
    (request) => clients.getAccessRules(request.params.id),
  );
  app.put(
    "/profiles/access-rules/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZAccessRulesUpdateSchema,
        response: { 200: ZAccessRulesSchema },
      },
    },
    (request) => clients.updateAccessRules(request.params.id, request.body),
  );
};
