import {
  ZCollectionGroupCreateSchema,
  ZCollectionGroupSchema,
  ZCollectionGroupUpdateSchema,
  ZIdParamsSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CollectionGroupService } from "./collection-group-service.ts";

const read = { access: "clients.read" } as const;
const write = { access: "clients.write" } as const;

/** Collection groups: the clients whose orders are collected together. */
export const collectionGroupRoutes: FastifyPluginAsyncZod<{
  collectionGroups: CollectionGroupService;
}> = async (app, { collectionGroups }) => {
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
};
