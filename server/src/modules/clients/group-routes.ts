import {
  ZClientGroupCreateSchema,
  ZClientGroupSchema,
  ZClientGroupUpdateSchema,
  ZIdParamsSchema,
  ZTransportationCreateSchema,
  ZTransportationSchema,
  ZTransportationUpdateSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { GroupService } from "./group-service.ts";

const read = { access: "clients.read" } as const;
const write = { access: "clients.write" } as const;

/** Client groups and the transportations they ship by. */
export const groupRoutes: FastifyPluginAsyncZod<{ groups: GroupService }> = async (app, { groups }) => {
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
};
