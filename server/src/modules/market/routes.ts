import {
  paged,
  ZIdParamsSchema,
  ZMarketScheduleCreateSchema,
  ZMarketScheduleSchema,
  ZMarketScheduleUpdateSchema,
  ZMarketStatusQuerySchema,
  ZMarketStatusSchema,
  ZOpenMarketSchema,
  ZTimeIntervalCreateSchema,
  ZTimeIntervalSchema,
  ZTimeIntervalUpdateSchema,
  z,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../http/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { describeMarketState } from "./market-message.ts";
import { loadMarketClient, marketStateForClient, overallMarketState } from "./market-schedules.ts";
import type { ScheduleService } from "./schedule-service.ts";

type Deps = { db: Db; clock: Clock; schedules: ScheduleService };

const manage = { access: "market.manage" } as const;
const ZSchedulePageSchema = paged(ZMarketScheduleSchema);

/** Market schedules, intervals and status (/api/storehouse/…). */
export const marketRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, clock, schedules }) => {
  // Schedules are a handful: the list is never cut into pages, but keeps the paged shape of the others.
  app.get(
    "/storehouse/market-schedules/",
    { config: manage, schema: { response: { 200: ZSchedulePageSchema } } },
    async () => {
      const results = await schedules.list();
      return { count: results.length, next: null, previous: null, results };
    },
  );
  app.get(
    "/storehouse/market-schedules/:id/",
    { config: manage, schema: { params: ZIdParamsSchema, response: { 200: ZMarketScheduleSchema } } },
    (request) => schedules.get(request.params.id),
  );
  app.post(
    "/storehouse/market-schedules/",
    {
      config: manage,
      schema: { body: ZMarketScheduleCreateSchema, response: { 201: ZMarketScheduleSchema } },
    },
    async (request, reply) => reply.status(201).send(await schedules.create(request.body)),
  );
  app.put(
    "/storehouse/market-schedules/:id/",
    {
      config: manage,
      schema: {
        params: ZIdParamsSchema,
        body: ZMarketScheduleUpdateSchema,
        response: { 200: ZMarketScheduleSchema },
      },
    },
    (request) => schedules.update(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/market-schedules/:id/",
    { config: manage, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await schedules.remove(request.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    "/storehouse/market-schedules/:id/open_market/",
    {
      config: manage,
      schema: {
        params: ZIdParamsSchema,
        body: ZOpenMarketSchema.optional(),
        response: { 200: ZMarketScheduleSchema },
      },
    },
    (request) => schedules.open(request.params.id, request.body ?? { close_time: null }),
  );
  app.post(
    "/storehouse/market-schedules/:id/close_market/",
    { config: manage, schema: { params: ZIdParamsSchema, response: { 200: ZMarketScheduleSchema } } },
    (request) => schedules.close(request.params.id),
  );

  app.get(
    "/storehouse/time-intervals/",
    { config: manage, schema: { response: { 200: z.array(ZTimeIntervalSchema) } } },
    () => schedules.listIntervals(),
  );
  app.post(
    "/storehouse/time-intervals/",
    { config: manage, schema: { body: ZTimeIntervalCreateSchema, response: { 201: ZTimeIntervalSchema } } },
    async (request, reply) => reply.status(201).send(await schedules.createInterval(request.body)),
  );
  app.put(
    "/storehouse/time-intervals/:id/",
    {
      config: manage,
      schema: {
        params: ZIdParamsSchema,
        body: ZTimeIntervalUpdateSchema,
        response: { 200: ZTimeIntervalSchema },
      },
    },
    (request) => schedules.updateInterval(request.params.id, request.body),
  );
  app.delete(
    "/storehouse/time-intervals/:id/",
    { config: manage, schema: { params: ZIdParamsSchema } },
    async (request, reply) => {
      await schedules.removeInterval(request.params.id);
      return reply.status(204).send();
    },
  );

  // Read-only and harmless, and the client dialog shows it to everyone who opens clients: any staff.
  app.get(
    "/storehouse/market-status/",
    {
      config: { access: "authenticated" },
      schema: { querystring: ZMarketStatusQuerySchema, response: { 200: ZMarketStatusSchema } },
    },
    async (request) => {
      const now = clock.now();
      const clientId = request.query.client;
      if (clientId !== undefined && !(await loadMarketClient(db, clientId)))
        throw notFound("Клиент не найден");
      const state =
        clientId === undefined
          ? await overallMarketState(db, now)
          : await marketStateForClient(db, clientId, now);
      return {
        is_open: state.open,
        active_schedules: state.scheduleNames,
        open_until: state.openUntil?.toISOString() ?? null,
        next_open_at: state.nextOpenAt?.toISOString() ?? null,
        message: describeMarketState(state, now),
      };
    },
  );
};
