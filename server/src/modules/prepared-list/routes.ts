import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { asClient } from "../miniapp/index.ts";
import { listCatalogueRoutes } from "./list-catalogue-routes.ts";
import { listRoutes } from "./list-routes.ts";
import type { PreparedListService } from "./list-service.ts";
import { pastOrderRoutes } from "./past-order-routes.ts";
import { pasteRoutes } from "./paste-routes.ts";

/**
 * The prepared list's routes (paths in contract/src/prepared-list.ts), the Mini App's: the client token only
 * (`access: "client"`), the client the token's; a preview token in dry run goes to the service of its session,
 * whose changes are rolled back and whose list is the preview's own. The groups are called, not registered, so
 * that their routes stay in this plugin's context.
 */
export const preparedListRoutes: FastifyPluginAsyncZod<{
  preparedList: PreparedListService;
  /** The service of a staff preview in dry run, for its session. */
  preparedListPreview: (session: string) => PreparedListService;
}> = async (app, { preparedList: live, preparedListPreview }) => {
  const as = asClient(live, preparedListPreview);
  await listRoutes(app, { as });
  await listCatalogueRoutes(app, { as });
  await pasteRoutes(app, { as });
  await pastOrderRoutes(app, { as });
};
