import {
  ZBrandStatisticsSchema,
  ZClientDaysSchema,
  ZClientOrdersQuerySchema,
  ZDateStatisticsQuerySchema,
  ZDateStatisticsSchema,
  ZDayQuerySchema,
  ZLowModificationsSchema,
  ZPeriodQuerySchema,
  ZPeriodStatisticsSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StatisticsService } from "./statistics-service.ts";

type Services = { statistics: StatisticsService };

/** Sales statistics (/api/statistics/…), all read from the rollups. */
export const statisticsRoutes: FastifyPluginAsyncZod<Services> = async (app, { statistics }) => {
  const access = "statistics.read" as const;
  app.get(
    "/statistics/period/",
    {
      config: { access },
      schema: { querystring: ZPeriodQuerySchema, response: { 200: ZPeriodStatisticsSchema } },
    },
    (request) => statistics.period(request.query),
  );
  app.get(
    "/statistics/client-orders/",
    {
      config: { access },
      schema: { querystring: ZClientOrdersQuerySchema, response: { 200: ZClientDaysSchema } },
    },
    (request) => statistics.clientOrders(request.query),
  );
  app.get(
    "/statistics/date/brand/",
    {
      config: { access },
      schema: { querystring: ZDayQuerySchema, response: { 200: ZBrandStatisticsSchema } },
    },
    (request) => statistics.byBrand(request.query.date),
  );
  app.get(
    "/statistics/date/",
    {
      config: { access },
      schema: { querystring: ZDateStatisticsQuerySchema, response: { 200: ZDateStatisticsSchema } },
    },
    (request) => statistics.byDate(request.query),
  );
  app.get(
    "/statistics/low/",
    {
      config: { access },
      schema: { querystring: ZDayQuerySchema, response: { 200: ZLowModificationsSchema } },
    },
    (request) => statistics.low(request.query.date),
  );
};
