import { ZMarketOpeningQuerySchema, ZMarketOpeningSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../http/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { getOpening } from "./get-opening.ts";

/** «Открытие маркета»: for those who run the market (the office and the superuser). */
export const marketOpeningRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    "/statistics/opening/",
    {
      config: { access: "market.manage" },
      schema: { querystring: ZMarketOpeningQuerySchema, response: { 200: ZMarketOpeningSchema } },
    },
    async (request) => {
      const { since } = request.query;
      const from = since === undefined ? undefined : new Date(since);
      if (from !== undefined && Number.isNaN(from.getTime())) {
        throw badRequest("Неверная дата начала", { since: ["Неверная дата начала"] });
      }
      return getOpening(db, clock, from);
    },
  );
};
