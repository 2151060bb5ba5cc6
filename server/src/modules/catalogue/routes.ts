import {
  ZAdditionInputSchema,
  ZAdditionSchema,
  ZBrandExclusivesSchema,
  ZBrandExclusivesStateSchema,
  ZBrandInputSchema,
  ZBrandSchema,
  ZBulkAvailableSchema,
  ZBulkPricePreviewSchema,
  ZBulkPriceSchema,
  ZCurrencySchema,
  ZExclusiveSchema,
  ZExclusiveUpdateSchema,
  ZIdParamsSchema,
  ZModificationCreateSchema,
  ZModificationListQuerySchema,
  ZModificationSchema,
  ZModificationSearchQuerySchema,
  ZModificationUpdateSchema,
  ZNomenclatureSchema,
  ZOffersImportResultSchema,
  ZPriceTierCreateSchema,
  ZPriceTierSchema,
  ZPriceTiersSaveSchema,
  ZPriceTierUpdateSchema,
  ZProductCreateSchema,
  ZProductListQuerySchema,
  ZProductSchema,
  ZProductSearchQuerySchema,
  ZProductUpdateSchema,
  ZQuantityDeltaSchema,
  ZSearchQuerySchema,
  ZUpdatedCountSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../http/errors.ts";
import { sendDownload } from "../../http/file-response.ts";
import { wholeFile } from "../../http/multipart.ts";
import { XLSX_CONTENT_TYPE } from "../../lib/xlsx.ts";
import type { CatalogueService } from "./catalogue-service.ts";
import { OFFERS_TEMPLATE_NAME, type OffersFileService } from "./offers-file.ts";

type Services = { catalogue: CatalogueService; offersFile: OffersFileService };

const read = { access: "catalogue.read" } as const;
const write = { access: "catalogue.write" } as const;

/** The storehouse catalogue (/api/storehouse/…), paths and fields as spec part 2 section 7 names them. */
export const catalogueRoutes: FastifyPluginAsyncZod<Services> = async (app, { catalogue, offersFile }) => {
  app.get(
    "/storehouse/currencies/",
    { config: read, schema: { response: { 200: z.array(ZCurrencySchema) } } },
    () => catalogue.currencies(),
  );
  app.get(
    "/storehouse/nomenclature/",
    { config: read, schema: { response: { 200: ZNomenclatureSchema } } },
    () => catalogue.nomenclature(),
  );

  // Brands
  app.get("/storehouse/brands/", { config: read, schema: { response: { 200: z.array(ZBrandSchema) } } }, () =>
    catalogue.listBrands(),
  );
  app.get(
    "/storehouse/brands/search/",
    { config: read, schema: { querystring: ZSearchQuerySchema, response: { 200: z.array(ZBrandSchema) } } },
    (request) => catalogue.listBrands(request.query.q),
  );
  app.post(
    "/storehouse/brands/",
    { config: write, schema: { body: ZBrandInputSchema, response: { 201: ZBrandSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createBrand(request.body)),
  );
  app.put(
    "/storehouse/brands/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZBrandInputSchema, response: { 200: ZBrandSchema } },
    },
    (request) => catalogue.updateBrand(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/brands/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteBrand(request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    "/storehouse/brands/:id/exclusives/",
    {
      config: read,
      schema: { params: ZIdParamsSchema, response: { 200: ZBrandExclusivesStateSchema } },
    },
    (request) => catalogue.getBrandExclusives(request.params.id),
  );
  app.post(
    "/storehouse/brands/exclusives/",
    { config: write, schema: { body: ZBrandExclusivesSchema, response: { 200: ZUpdatedCountSchema } } },
    (request) => catalogue.setBrandExclusives(request.body),
  );

  // Products
  app.get(
    "/storehouse/products/",
    {
      config: read,
      schema: { querystring: ZProductListQuerySchema, response: { 200: z.array(ZProductSchema) } },
    },
    (request) => catalogue.listProducts(request.query),
  );
  app.get(
    "/storehouse/products/search/",
    {
      config: read,
      schema: { querystring: ZProductSearchQuerySchema, response: { 200: z.array(ZProductSchema) } },
    },
    (request) => catalogue.searchProducts(request.query.q, request.query.brand),
  );
  app.post(
    "/storehouse/products/",
    { config: write, schema: { body: ZProductCreateSchema, response: { 201: ZProductSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createProduct(request.body)),
  );
  app.put(
    "/storehouse/products/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZProductUpdateSchema, response: { 200: ZProductSchema } },
    },
    (request) => catalogue.updateProduct(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/products/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteProduct(request.params.id);
      return reply.status(204).send();
    },
  );

  // Modifications
  app.get(
    "/storehouse/modifications/",
    {
      config: read,
      schema: { querystring: ZModificationListQuerySchema, response: { 200: z.array(ZModificationSchema) } },
    },
    (request) => catalogue.listModifications(request.query.product),
  );
  app.get(
    "/storehouse/modifications/search/",
    {
      config: read,
      schema: {
        querystring: ZModificationSearchQuerySchema,
        response: { 200: z.array(ZModificationSchema) },
      },
    },
    (request) => catalogue.searchModifications(request.query.q, request.query.product),
  );
  app.get(
    "/storehouse/modifications/:id/",
    { config: read, schema: { params: ZIdParamsSchema, response: { 200: ZModificationSchema } } },
    (request) => catalogue.getModification(request.params.id),
  );
  app.post(
    "/storehouse/modifications/",
    { config: write, schema: { body: ZModificationCreateSchema, response: { 201: ZModificationSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createModification(request.body)),
  );
  app.put(
    "/storehouse/modifications/:id/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZModificationUpdateSchema,
        response: { 200: ZModificationSchema },
      },
    },
    (request) => catalogue.updateModification(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/modifications/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteModification(request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    "/storehouse/modifications/quantity/",
    {
      config: { access: "stock.write" },
      schema: { body: ZQuantityDeltaSchema, response: { 200: ZModificationSchema } },
    },
    (request) => catalogue.changeQuantity(request.body),
  );
  app.post(
    "/storehouse/modifications/available/",
    { config: write, schema: { body: ZBulkAvailableSchema, response: { 200: ZUpdatedCountSchema } } },
    (request) => catalogue.setAvailable(request.body),
  );
  app.put(
    "/storehouse/modifications/exclusives/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZExclusiveUpdateSchema, response: { 200: ZExclusiveSchema } },
    },
    (request) => catalogue.updateExclusive(request.params.id, request.body),
  );

  // Price tiers
  app.post(
    "/storehouse/modifications/prices/",
    { config: write, schema: { body: ZPriceTierCreateSchema, response: { 201: ZPriceTierSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createTier(request.body)),
  );
  app.post(
    "/storehouse/modifications/prices/bulk/",
    { config: write, schema: { body: ZBulkPriceSchema, response: { 200: ZUpdatedCountSchema } } },
    (request) => catalogue.bulkPrices(request.body),
  );
  // Not in the spec: the dialog shows what the change would do (count, a few before → after) and asks first.
  app.post(
    "/storehouse/modifications/prices/bulk/preview/",
    { config: write, schema: { body: ZBulkPriceSchema, response: { 200: ZBulkPricePreviewSchema } } },
    (request) => catalogue.previewBulkPrices(request.body),
  );
  app.put(
    "/storehouse/modifications/:id/prices/",
    {
      config: write,
      schema: {
        params: ZIdParamsSchema,
        body: ZPriceTiersSaveSchema,
        response: { 200: ZModificationSchema },
      },
    },
    (request) => catalogue.saveTiers(request.params.id, request.body),
  );
  app.put(
    "/storehouse/prices/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZPriceTierUpdateSchema, response: { 200: ZPriceTierSchema } },
    },
    (request) => catalogue.updateTier(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/prices/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteTier(request.params.id);
      return reply.status(204).send();
    },
  );

  // Additions
  app.post(
    "/storehouse/additions/",
    { config: write, schema: { body: ZAdditionInputSchema, response: { 201: ZAdditionSchema } } },
    async (request, reply) => reply.status(201).send(await catalogue.createAddition(request.body)),
  );
  app.put(
    "/storehouse/additions/:id/",
    {
      config: write,
      schema: { params: ZIdParamsSchema, body: ZAdditionInputSchema, response: { 200: ZAdditionSchema } },
    },
    (request) => catalogue.updateAddition(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/additions/:id/",
    { config: write, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await catalogue.deleteAddition(request.params.id);
      return reply.status(204).send();
    },
  );

  // Offers file
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
