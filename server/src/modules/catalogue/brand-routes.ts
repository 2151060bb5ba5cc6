import {
  ZBrandExclusivesSchema,
  ZBrandExclusivesStateSchema,
  ZBrandInputSchema,
  ZBrandSchema,
  ZIdParamsSchema,
  ZSearchQuerySchema,
  ZUpdatedCountSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogueService } from "./catalogue-service.ts";

const read = { access: "catalogue.read" } as const;
const write = { access: "catalogue.write" } as const;

/** Brands and the clients each brand is exclusive to. */
export const brandRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get("/storehouse/brands/", { config: read, schema: { response: { 200: z.array(ZBrandSchema) } } }, () =>
    catalogue.listBrands(),
  );
  app.get(
    "/storehouse/brands/search/",
    { config: read, schema: { querystring: ZSearchQuerySchema, response: { 200: z.array(ZBrandSchema) } } },
    (request) => catalogue.listBrands(request.query.q),
  );
  app.post(
    "/storehouse/brands/",
    { config: write, schema: { body: ZBrandInputSchema, response: { 201: ZBrandSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createBrand(request.body)),
  );
  app.put(
    "/storehouse/brands/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZBrandInputSchema, response: { 200: ZBrandSchema } },
    },
    (request) => catalogue.updateBrand(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/brands/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteBrand(request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    "/storehouse/brands/:id/exclusives/",
    {
      config: read,
      schema: { params: ZIdParamsSchema, response: { 200: ZBrandExclusivesStateSchema } },
    },
    (request) => catalogue.getBrandExclusives(request.params.id),
  );
  app.post(
    "/storehouse/brands/exclusives/",
    { config: write, schema: { body: ZBrandExclusivesSchema, response: { 200: ZUpdatedCountSchema } } },
    (request) => catalogue.setBrandExclusives(request.body),
  );
};
