import {
  ZBulkAvailableSchema,
  ZExclusiveSchema,
  ZExclusiveUpdateSchema,
  ZIdParamsSchema,
  ZModificationCreateSchema,
  ZModificationListQuerySchema,
  ZModificationSchema,
  ZModificationSearchQuerySchema,
  ZModificationUpdateSchema,
  ZQuantityDeltaSchema,
  ZUpdatedCountSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogueService } from "./catalogue-service.ts";

const read = { access: "catalogue.read" } as const;
const write = { access: "catalogue.write" } as const;

/** Modifications: what a client orders, with its stock, availability and exclusives. */
export const modificationRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    "/storehouse/modifications/",
    {
      config: read,
      schema: { querystring: ZModificationListQuerySchema, response: { 200: z.array(ZModificationSchema) } },
    },
    (request) => catalogue.listModifications(request.query.product),
  );
  app.get(
    "/storehouse/modifications/search/",
    {
      config: read,
      schema: {
        querystring: ZModificationSearchQuerySchema,
        response: { 200: z.array(ZModificationSchema) },
      },
    },
    (request) => catalogue.searchModifications(request.query.q, request.query.product),
  );
  app.get(
    "/storehouse/modifications/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZModificationSchema } } },
    (request) => catalogue.getModification(request.params.id),
  );
  app.post(
    "/storehouse/modifications/",
    { config: write, schema: { body: ZModificationCreateSchema, response: { 201: ZModificationSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createModification(request.body)),
  );
  app.put(
    "/storehouse/modifications/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZModificationUpdateSchema,
        response: { 200: ZModificationSchema },
      },
    },
    (request) => catalogue.updateModification(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/modifications/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteModification(request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    "/storehouse/modifications/quantity/",
    {
      config: { access: "stock.write" },
      schema: { body: ZQuantityDeltaSchema, response: { 200: ZModificationSchema } },
    },
    (request) => catalogue.changeQuantity(request.body),
  );
  app.post(
    "/storehouse/modifications/available/",
    { config: write, schema: { body: ZBulkAvailableSchema, response: { 200: ZUpdatedCountSchema } } },
    (request) => catalogue.setAvailable(request.body),
  );
  app.put(
    "/storehouse/modifications/exclusives/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZExclusiveUpdateSchema, response: { 200: ZExclusiveSchema } },
    },
    (request) => catalogue.updateExclusive(request.params.id, request.body),
  );
};
