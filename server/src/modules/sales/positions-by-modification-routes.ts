import { ZIdParamsSchema, ZModificationOrdersSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { PositionsByModificationService } from "./positions-by-modification-service.ts";

/** GET /api/sales/order-positions/by-modification/{id}/: kept apart from the sales routes it sits beside. */
export const positionsByModificationRoutes: FastifyPluginAsyncZod<{
  positionsByModification: PositionsByModificationService;
}> = async (app, { positionsByModification }) => {
  app.get(
    "/sales/order-positions/by-modification/:id/",
    {
      config: { access: "orders.read" },
      schema: { params: ZIdParamsSchema, response: { 200: ZModificationOrdersSchema } },
    },
    (request) => positionsByModification.list(request.params.id),
  );
};
