import {
  paged,
  ZClientReportCreateSchema,
  ZClientReportQuerySchema,
  ZClientReportSchema,
  ZDailyReportCreateSchema,
  ZDailyReportSchema,
  ZIdParamsSchema,
  ZPageQuerySchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendDownload } from "../../http/file-response.ts";
import { page } from "../../http/pagination.ts";
import { XLSX_CONTENT_TYPE } from "../../lib/xlsx.ts";
import type { DailyReportService } from "./daily-report-service.ts";
import type { InvoiceService } from "./invoice-service.ts";

type Services = { invoices: InvoiceService; dailyReports: DailyReportService };

/**
 * Invoices (/api/reports/client/) and daily reports (/api/reports/general/): made by jobs and on demand,
 * listed newest first, downloaded with the file name in Content-Disposition.
 */
export const invoiceAndDailyReportRoutes: FastifyPluginAsyncZod<Services> = async (
  app,
  { invoices, dailyReports },
) => {
  app.get(
    "/reports/client/",
    {
      config: { access: "reports.read" },
      schema: { querystring: ZClientReportQuerySchema, response: { 200: paged(ZClientReportSchema) } },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return page(request, { ...(await invoices.list(request.query)), limit, offset });
    },
  );
  app.post(
    "/reports/client/",
    {
      config: { access: "reports.manage" },
      schema: { body: ZClientReportCreateSchema, response: { 201: ZClientReportSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await invoices.generate(request.body.client_id, request.body.date)),
  );
  app.get(
    "/reports/client/download/:id/",
    { config: { access: "reports.read" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      const { name, file } = await invoices.file(request.params.id);
      return sendDownload(reply, { filename: name, contentType: XLSX_CONTENT_TYPE, body: file });
    },
  );
  app.delete(
    "/reports/client/:id/",
    { config: { access: "reports.manage" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await invoices.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/reports/general/",
    {
      config: { access: "reports.read" },
      schema: { querystring: ZPageQuerySchema, response: { 200: paged(ZDailyReportSchema) } },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return page(request, { ...(await dailyReports.list({ limit, offset })), limit, offset });
    },
  );
  app.post(
    "/reports/general/",
    {
      config: { access: "reports.manage" },
      schema: { body: ZDailyReportCreateSchema, response: { 201: ZDailyReportSchema } },
    },
    async (request, reply) => {
      const { date } = request.body;
      return reply.status(201).send(await dailyReports.store(date, await dailyReports.build(date)));
    },
  );
  app.get(
    "/reports/general/download/:id/",
    { config: { access: "reports.read" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      const { name, file } = await dailyReports.file(request.params.id);
      return sendDownload(reply, { filename: name, contentType: XLSX_CONTENT_TYPE, body: file });
    },
  );
  app.delete(
    "/reports/general/:id/",
    { config: { access: "reports.manage" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await dailyReports.remove(request.params.id);
      return reply.status(204).send();
    },
  );
};
