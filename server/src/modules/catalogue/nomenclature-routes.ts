import { ZCurrencySchema, ZNomenclatureSchema, z } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CatalogueService } from "./catalogue-service.ts";

const read = { access: "catalogue.read" } as const;

/** The currencies and the whole brand → product → modification tree. */
export const nomenclatureRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    "/storehouse/currencies/",
    { config: read, schema: { response: { 200: z.array(ZCurrencySchema) } } },
    () => catalogue.currencies(),
  );
  app.get(
    "/storehouse/nomenclature/",
    { config: read, schema: { response: { 200: ZNomenclatureSchema } } },
    () => catalogue.nomenclature(),
  );
};
