import { ZSendOrdersResultSchema, ZSendOrdersSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { SendOrdersService } from "./send-orders-service.ts";

/** POST /api/sales/send-orders/: lives with the clients for now; it belongs to sales by path only. */
export const sendOrdersRoutes: FastifyPluginAsyncZod<{ sendOrders: SendOrdersService }> = async (
  app,
  { sendOrders },
) => {
  app.post(
    "/sales/send-orders/",
    {
      config: { access: "orders.notify" },
      schema: { body: ZSendOrdersSchema, response: { 200: ZSendOrdersResultSchema } },
    },
    (request) => sendOrders.send(request.body),
  );
};
