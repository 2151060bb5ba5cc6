import { ZErrorSchema, ZHealthSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Db, isDatabaseUp } from "../../db/client.ts";
import { databaseUnavailable, errorBody } from "../../http/errors.ts";

/** For load balancers: 200 while the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/health",
    { config: { access: "public" }, schema: { response: { 200: ZHealthSchema, 503: ZErrorSchema } } },
    async (_request, reply) => {
      if (await isDatabaseUp(db)) return { status: "ok" as const };
      return reply.status(503).send(errorBody(databaseUnavailable()));
    },
  );
};
