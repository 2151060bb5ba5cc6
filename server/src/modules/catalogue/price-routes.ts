import {
  ZBulkPricePreviewSchema,
  ZBulkPriceSchema,
  ZIdParamsSchema,
  ZModificationSchema,
  ZPriceTierCreateSchema,
  ZPriceTierSchema,
  ZPriceTiersSaveSchema,
  ZPriceTierUpdateSchema,
  ZUpdatedCountSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogueService } from "./catalogue-service.ts";

const write = { access: "catalogue.write" } as const;

/** A modification's price tiers, one at a time, all at once, or over many modifications. */
export const priceRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.post(
    "/storehouse/modifications/prices/",
    { config: write, schema: { body: ZPriceTierCreateSchema, response: { 201: ZPriceTierSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createTier(request.body)),
  );
  app.post(
    "/storehouse/modifications/prices/bulk/",
    { config: write, schema: { body: ZBulkPriceSchema, response: { 200: ZUpdatedCountSchema } } },
    (request) => catalogue.bulkPrices(request.body),
  );
  // Not in the spec: the dialog shows what the change would do (count, a few before → after) and asks first.
  app.post(
    "/storehouse/modifications/prices/bulk/preview/",
    { config: write, schema: { body: ZBulkPriceSchema, response: { 200: ZBulkPricePreviewSchema } } },
    (request) => catalogue.previewBulkPrices(request.body),
  );
  app.put(
    "/storehouse/modifications/:id/prices/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZPriceTiersSaveSchema,
        response: { 200: ZModificationSchema },
      },
    },
    (request) => catalogue.saveTiers(request.params.id, request.body),
  );
  app.put(
    "/storehouse/prices/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZPriceTierUpdateSchema, response: { 200: ZPriceTierSchema } },
    },
    (request) => catalogue.updateTier(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/prices/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteTier(request.params.id);
      return reply.status(204).send();
    },
  );
};
