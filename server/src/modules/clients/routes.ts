import {
  paged,
  ZAccessRulesSchema,
  ZAccessRulesUpdateSchema,
  ZClientGroupCreateSchema,
  ZClientGroupSchema,
  ZClientGroupUpdateSchema,
  ZClientListQuerySchema,
  ZClientSchema,
  ZClientUpdateSchema,
  ZCollectionGroupCreateSchema,
  ZCollectionGroupSchema,
  ZCollectionGroupUpdateSchema,
  ZIdParamsSchema,
  ZManagerSchema,
  ZOrganizationSchema,
  ZOrganizationWriteSchema,
  ZRegistrationRequestSchema,
  ZRegistrationRequestUpdateSchema,
  ZTransportationCreateSchema,
  ZTransportationSchema,
  ZTransportationUpdateSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page } from "../../http/pagination.ts";
import type { ClientService } from "./client-service.ts";
import type { CollectionGroupService } from "./collection-group-service.ts";
import type { GroupService } from "./group-service.ts";
import type { OrganizationService } from "./organization-service.ts";
import type { RequestService } from "./request-service.ts";

type Services = {
  clients: ClientService;
  requests: RequestService;
  groups: GroupService;
  collectionGroups: CollectionGroupService;
  organizations: OrganizationService;
};

const read = { access: "clients.read" } as const;
const write = { access: "clients.write" } as const;
const ZClientPageSchema = paged(ZClientSchema);

/** Clients and their groupings (/api/profiles/…; the spec names these paths without the prefix). */
export const profileRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { clients, requests, groups, collectionGroups, organizations },
) => {
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

  app.get(
    "/profiles/registration-requests/",
    { config: read, schema: { response: { 200: z.array(ZRegistrationRequestSchema) } } },
    () => requests.list(),
  );
  app.get(
    "/profiles/registration-requests/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZRegistrationRequestSchema } } },
    (request) => requests.get(request.params.id),
  );
  app.put(
    "/profiles/registration-requests/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZRegistrationRequestUpdateSchema,
        response: { 200: ZRegistrationRequestSchema },
      },
    },
    (request) => requests.update(request.params.id, request.body),
  );

  app.get(
    "/profiles/groups/",
    { config: read, schema: { response: { 200: z.array(ZClientGroupSchema) } } },
    () => groups.listGroups(),
  );
  app.get(
    "/profiles/groups/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZClientGroupSchema } } },
    (request) => groups.getGroup(request.params.id),
  );
  app.post(
    "/profiles/groups/",
    { config: write, schema: { body: ZClientGroupCreateSchema, response: { 201: ZClientGroupSchema } } },
    async (request, reply) => reply.status(201).send(await groups.createGroup(request.body)),
  );
  app.put(
    "/profiles/groups/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZClientGroupUpdateSchema,
        response: { 200: ZClientGroupSchema },
      },
    },
    (request) => groups.updateGroup(request.params.id, request.body),
  );
  app.delete(
    "/profiles/groups/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await groups.deleteGroup(request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/profiles/transportations/",
    { config: read, schema: { response: { 200: z.array(ZTransportationSchema) } } },
    () => groups.listTransportations(),
  );
  app.get(
    "/profiles/transportations/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZTransportationSchema } } },
    (request) => groups.getTransportation(request.params.id),
  );
  app.post(
    "/profiles/transportations/",
    {
      config: write,
      schema: { body: ZTransportationCreateSchema, response: { 201: ZTransportationSchema } },
    },
    async (request, reply) => reply.status(201).send(await groups.createTransportation(request.body)),
  );
  app.put(
    "/profiles/transportations/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZTransportationUpdateSchema,
        response: { 200: ZTransportationSchema },
      },
    },
    (request) => groups.updateTransportation(request.params.id, request.body),
  );
  app.delete(
    "/profiles/transportations/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await groups.deleteTransportation(request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/profiles/collect-groups/",
    { config: read, schema: { response: { 200: z.array(ZCollectionGroupSchema) } } },
    () => collectionGroups.list(),
  );
  app.get(
    "/profiles/collect-groups/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZCollectionGroupSchema } } },
    (request) => collectionGroups.get(request.params.id),
  );
  app.post(
    "/profiles/collect-groups/",
    {
      config: write,
      schema: { body: ZCollectionGroupCreateSchema, response: { 201: ZCollectionGroupSchema } },
    },
    async (request, reply) => reply.status(201).send(await collectionGroups.create(request.body)),
  );
  app.put(
    "/profiles/collect-groups/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZCollectionGroupUpdateSchema,
        response: { 200: ZCollectionGroupSchema },
      },
    },
    (request) => collectionGroups.update(request.params.id, request.body),
  );
  app.delete(
    "/profiles/collect-groups/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await collectionGroups.remove(request.params.id);
      return reply.status(204).send();
    },
  );

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
