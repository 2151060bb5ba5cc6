import { ZAdditionInputSchema, ZAdditionSchema, ZIdParamsSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogueService } from "./catalogue-service.ts";

const write = { access: "catalogue.write" } as const;

/** Additions to a modification. */
export const additionRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.post(
    "/storehouse/additions/",
    { config: write, schema: { body: ZAdditionInputSchema, response: { 201: ZAdditionSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createAddition(request.body)),
  );
  app.put(
    "/storehouse/additions/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZAdditionInputSchema, response: { 200: ZAdditionSchema } },
    },
    (request) => catalogue.updateAddition(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/additions/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteAddition(request.params.id);
      return reply.status(204).send();
    },
  );
};
