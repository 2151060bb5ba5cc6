import {
  ZIdParamsSchema,
  ZProductCreateSchema,
  ZProductListQuerySchema,
  ZProductSchema,
  ZProductSearchQuerySchema,
  ZProductUpdateSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogueService } from "./catalogue-service.ts";

const read = { access: "catalogue.read" } as const;
const write = { access: "catalogue.write" } as const;

/** Products, each of one brand. */
export const productRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    "/storehouse/products/",
    {
      config: read,
      schema: { querystring: ZProductListQuerySchema, response: { 200: z.array(ZProductSchema) } },
    },
    (request) => catalogue.listProducts(request.query),
  );
  app.get(
    "/storehouse/products/search/",
    {
      config: read,
      schema: { querystring: ZProductSearchQuerySchema, response: { 200: z.array(ZProductSchema) } },
    },
    (request) => catalogue.searchProducts(request.query.q, request.query.brand),
  );
  app.post(
    "/storehouse/products/",
    { config: write, schema: { body: ZProductCreateSchema, response: { 201: ZProductSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createProduct(request.body)),
  );
  app.put(
    "/storehouse/products/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZProductUpdateSchema, response: { 200: ZProductSchema } },
    },
    (request) => catalogue.updateProduct(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/products/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteProduct(request.params.id);
      return reply.status(204).send();
    },
  );
};
