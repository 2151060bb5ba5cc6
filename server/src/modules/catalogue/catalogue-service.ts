import type { Db } from "../../db/client.ts";
import { createBrandService } from "./brand-service.ts";
import { createExtrasService } from "./extras-service.ts";
import { createModificationService } from "./modification-service.ts";
import { createPriceService } from "./price-service.ts";
import { createProductService } from "./product-service.ts";

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** The storehouse API's one service, made of a service per kind of catalogue entity. */
export function createCatalogueService(deps: { db: Db }) {
  return {
    ...createBrandService(deps),
    ...createProductService(deps),
    ...createModificationService(deps),
    ...createPriceService(deps),
    ...createExtrasService(deps),
  };
}
