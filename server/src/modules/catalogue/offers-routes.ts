import { ZOffersImportResultSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../http/errors.ts";
import { sendDownload } from "../../http/file-response.ts";
import { wholeFile } from "../../http/multipart.ts";
import { XLSX_CONTENT_TYPE } from "../../lib/xlsx.ts";
import { OFFERS_TEMPLATE_NAME, type OffersFileService } from "./offers-file.ts";

const read = { access: "catalogue.read" } as const;
const write = { access: "catalogue.write" } as const;

/** The offers file: its template to download, and a filled one to import. */
export const offersRoutes: FastifyPluginAsyncZod<{ offersFile: OffersFileService }> = async (
  app,
  { offersFile },
) => {
  app.get("/storehouse/offers/template/", { config: read }, async (_request, reply) =>
    sendDownload(reply, {
      filename: OFFERS_TEMPLATE_NAME,
      contentType: XLSX_CONTENT_TYPE,
      body: await offersFile.template(),
    }),
  );
  app.post(
    "/storehouse/offers/file/",
    { config: write, schema: { response: { 200: ZOffersImportResultSchema } } },
    async (request) => {
      if (!request.isMultipart()) throw badRequest("Ожидается файл в поле file (multipart/form-data)");
      const file = await request.file();
      if (file?.fieldname !== "file") throw badRequest("Ожидается файл в поле file");
      const data = await wholeFile(request, file);
      request.activity.body = { file: { name: file.filename, size: data.length } };
      return offersFile.import(data);
    },
  );
};
