import { ZDashboardSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAccount } from "../../http/auth.ts";
import type { DashboardService } from "./dashboard-service.ts";

type Services = { dashboard: DashboardService };

/** The home page's figures: any signed-in account, each part only for the permission that opens its screen. */
export const dashboardRoutes: FastifyPluginAsyncZod<Services> = async (app, { dashboard }) => {
  app.get(
    "/dashboard/",
    { config: { access: "authenticated" }, schema: { response: { 200: ZDashboardSchema } } },
    (request) => dashboard.get(currentAccount(request).permissions),
  );
};
