import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientRoutes } from "./client-routes.ts";
import type { ClientService } from "./client-service.ts";
import { collectionGroupRoutes } from "./collection-group-routes.ts";
import type { CollectionGroupService } from "./collection-group-service.ts";
import { groupRoutes } from "./group-routes.ts";
import type { GroupService } from "./group-service.ts";
import { organizationRoutes } from "./organization-routes.ts";
import type { OrganizationService } from "./organization-service.ts";
import { requestRoutes } from "./request-routes.ts";
import type { RequestService } from "./request-service.ts";

type Services = {
  clients: ClientService;
  requests: RequestService;
  groups: GroupService;
  collectionGroups: CollectionGroupService;
  organizations: OrganizationService;
};

/**
 * Clients and their groupings (/api/profiles/…; the spec names these paths without the prefix). The groups are
 * called, not registered, so that their routes stay in this plugin's context, in this order.
 */
export const profileRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  await clientRoutes(app, services);
  await requestRoutes(app, services);
  await groupRoutes(app, services);
  await collectionGroupRoutes(app, services);
  await organizationRoutes(app, services);
};
