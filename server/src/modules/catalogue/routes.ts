import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { additionRoutes } from "./addition-routes.ts";
import { brandRoutes } from "./brand-routes.ts";
import type { CatalogueService } from "./catalogue-service.ts";
import { modificationRoutes } from "./modification-routes.ts";
import { nomenclatureRoutes } from "./nomenclature-routes.ts";
import type { OffersFileService } from "./offers-file.ts";
import { offersRoutes } from "./offers-routes.ts";
import { priceRoutes } from "./price-routes.ts";
import { productRoutes } from "./product-routes.ts";

type Services = { catalogue: CatalogueService; offersFile: OffersFileService };

/**
 * The storehouse catalogue (/api/storehouse/…), paths and fields as spec part 2 section 7 names them. The groups
 * are called, not registered, so that their routes stay in this plugin's context, in this order.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<Services> = async (app, { catalogue, offersFile }) => {
  await nomenclatureRoutes(app, { catalogue });
  await brandRoutes(app, { catalogue });
  await productRoutes(app, { catalogue });
  await modificationRoutes(app, { catalogue });
  await priceRoutes(app, { catalogue });
  await additionRoutes(app, { catalogue });
  await offersRoutes(app, { offersFile });
};
