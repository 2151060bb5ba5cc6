import { PassThrough, type Writable } from "node:stream";
import {
  type TOrderPage,
  ZBulkResultSchema,
  ZCollectionSchema,
  ZIdParamsSchema,
  ZOrderPageSchema,
  ZOrderPositionSchema,
  ZOrderPositionUpdateSchema,
  ZOrderQuerySchema,
  ZOrderSchema,
  ZPickingListQuerySchema,
  ZPositionCollectSchema,
  ZSendToCollectPreviewSchema,
  ZSendToCollectSchema,
  ZUncollectedTransportationListSchema,
} from "@wholesale/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAccount } from "../../http/auth.ts";
import { sendDownload } from "../../http/file-response.ts";
import { pageLinks } from "../../http/pagination.ts";
import { XLSX_CONTENT_TYPE } from "../../lib/xlsx.ts";
import type { CollectionService } from "./collection-service.ts";
import type { OrderService } from "./order-service.ts";
import type { XlsxExportService } from "./xlsx-exports.ts";

type Services = { orders: OrderService; collection: CollectionService; xlsxExports: XlsxExportService };

/** Streams a workbook as it is written; a failure midway ends the download instead of hanging it. */
function streamXlsx(
  request: FastifyRequest,
  reply: FastifyReply,
  { filename, write }: { filename: string; write: (out: Writable) => Promise<void> },
) {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    request.log.error({ err: error }, "spreadsheet failed");
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return sendDownload(reply, { filename, contentType: XLSX_CONTENT_TYPE, body });
}

/** Online orders, their editing and collection, and the orders spreadsheets (/api/sales/…). */
export const salesRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { orders, collection, xlsxExports },
) => {
  app.get(
    "/sales/orders/",
    {
      config: { access: "orders.read" },
      schema: { querystring: ZOrderQuerySchema, response: { 200: ZOrderPageSchema } },
    },
    async (request, reply) => {
      // The page's JSON comes whole from the database (order-reads.ts, selectOrderPage): sent as it is, a string the
      // response schema's serializer leaves alone (the schema still documents it; orders.test.ts checks it).
      const json = await orders.pageJson(request.query, pageLinks(request, request.query));
      // The typed reply expects the page object; this is that object's JSON.
      return reply.type("application/json; charset=utf-8").send(json as unknown as TOrderPage);
    },
  );
  app.put(
    "/sales/order-positions/:id/",
    {
      config: { access: "orders.edit" },
      schema: { params: ZIdParamsSchema, body: ZOrderPositionUpdateSchema, response: { 200: ZOrderSchema } },
    },
    (request) => orders.updatePosition(request.params.id, request.body),
  );
  app.delete(
    "/sales/order-positions/:id/",
    { config: { access: "orders.edit" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await orders.deletePosition(request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    "/sales/send-to-collect/",
    {
      config: { access: "orders.collect" },
      schema: { body: ZSendToCollectSchema, response: { 200: ZBulkResultSchema } },
    },
    (request) => collection.sendToCollect(request.body),
  );
  app.get(
    "/sales/send-to-collect/preview/",
    {
      config: { access: "orders.collect" },
      schema: {
        // The same choice as the send (its ids are coerced, so it reads a query string as well).
        querystring: ZSendToCollectSchema,
        response: { 200: ZSendToCollectPreviewSchema },
      },
    },
    (request) => collection.previewSendToCollect(request.query),
  );
  app.get(
    "/sales/uncollected-transportations/",
    {
      config: { access: "orders.read" },
      schema: { response: { 200: ZUncollectedTransportationListSchema } },
    },
    () => collection.uncollectedTransportations(),
  );
  app.get(
    "/sales/collection/",
    { config: { access: "orders.read" }, schema: { response: { 200: ZCollectionSchema } } },
    () => collection.collection(),
  );
  app.get(
    "/sales/collection/picking-list/",
    { config: { access: "orders.read" }, schema: { querystring: ZPickingListQuerySchema } },
    async (request, reply) =>
      streamXlsx(request, reply, await xlsxExports.pickingList(request.query.transportation)),
  );
  app.post(
    "/sales/order-positions/:id/collect/",
    {
      config: { access: "orders.pick" },
      schema: {
        params: ZIdParamsSchema,
        body: ZPositionCollectSchema,
        response: { 200: ZOrderPositionSchema },
      },
    },
    (request) =>
      collection.markPosition(request.params.id, request.body.collected, currentAccount(request).id),
  );
  app.post(
    "/sales/orders/:id/collect/",
    {
      config: { access: "orders.pick" },
      schema: { params: ZIdParamsSchema, response: { 200: ZBulkResultSchema } },
    },
    (request) => collection.collectOrder(request.params.id, currentAccount(request).id),
  );
  app.get("/sales/report/", { config: { access: "orders.read" } }, async (request, reply) =>
    streamXlsx(request, reply, await xlsxExports.todayOrders()),
  );
};
