import {
  ZClientSchema,
  ZIdParamsSchema,
  ZManagerSchema,
  ZOrganizationSchema,
  ZOrganizationWriteSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { OrganizationService } from "./organization-service.ts";

const read = { access: "clients.read" } as const;
const write = { access: "clients.write" } as const;

/** Organizations, their clients and the managers they may be given. */
export const organizationRoutes: FastifyPluginAsyncZod<{ organizations: OrganizationService }> = async (
  app,
  { organizations },
) => {
  app.get(
    "/profiles/organizations/",
    { config: read, schema: { response: { 200: z.array(ZOrganizationSchema) } } },
    () => organizations.list(),
  );
  app.get(
    "/profiles/organizations/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZOrganizationSchema } } },
    (request) => organizations.get(request.params.id),
  );
  app.get(
    "/profiles/organizations/:id/clients/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: z.array(ZClientSchema) } } },
    (request) => organizations.clients(request.params.id),
  );
  app.post(
    "/profiles/organizations/",
    { config: write, schema: { body: ZOrganizationWriteSchema, response: { 201: ZOrganizationSchema } } },
    async (request, reply) => reply.status(201).send(await organizations.create(request.body)),
  );
  app.put(
    "/profiles/organizations/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZOrganizationWriteSchema,
        response: { 200: ZOrganizationSchema },
      },
    },
    (request) => organizations.update(request.params.id, request.body),
  );
  app.delete(
    "/profiles/organizations/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await organizations.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  // The organization dialog's manager select; GET /api/users/ is the superuser's only.
  app.get(
    "/profiles/managers/",
    { config: write, schema: { response: { 200: z.array(ZManagerSchema) } } },
    () => organizations.managers(),
  );
};
