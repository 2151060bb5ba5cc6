import { paged, ZIdParamsSchema, ZLeftoverReportSchema, ZPageQuerySchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendDownload } from "../../http/file-response.ts";
import { page } from "../../http/pagination.ts";
import { XLSX_CONTENT_TYPE } from "../../lib/xlsx.ts";
import type { LeftoverService } from "./leftover-service.ts";

type Services = { leftover: LeftoverService };

/** Leftover (stock) reports: generated daily and on demand, listed newest first, downloaded by `file`. */
export const leftoverReportRoutes: FastifyPluginAsyncZod<Services> = async (app, { leftover }) => {
  app.get(
    "/reports/leftover/",
    {
      config: { access: "reports.read" },
      schema: { querystring: ZPageQuerySchema, response: { 200: paged(ZLeftoverReportSchema) } },
    },
    async (request) => {
      const { limit, offset } = request.query;
      return page(request, { ...(await leftover.list({ limit, offset })), limit, offset });
    },
  );
  app.post(
    "/reports/leftover/",
    { config: { access: "reports.manage" }, schema: { response: { 201: ZLeftoverReportSchema } } },
    async (_request, reply) => reply.status(201).send(await leftover.generate()),
  );
  app.get(
    "/reports/leftover/:id/download/",
    { config: { access: "reports.read" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      const { name, file } = await leftover.file(request.params.id);
      return sendDownload(reply, { filename: name, contentType: XLSX_CONTENT_TYPE, body: file });
    },
  );
  app.delete(
    "/reports/leftover/:id/",
    { config: { access: "reports.manage" }, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await leftover.remove(request.params.id);
      return reply.status(204).send();
    },
  );
};
