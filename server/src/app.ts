import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Bot } from "grammy";
import { type BackgroundWork, runInBackground } from "./background.ts";
import type { BotContext } from "./bot/context.ts";
import { botPreviewRoutes } from "./bot/preview/preview-routes.ts";
import { createBotPreviewService } from "./bot/preview/preview-service.ts";
import { webhookRoutes } from "./bot/webhook-routes.ts";
import type { Db } from "./db/client.ts";
import { type ActivityLog, registerActivityLog } from "./http/activity-log.ts";
import { type ApiRoute, registerAuth } from "./http/auth.ts";
import { answerFrameworkError, errorBody, notFound, registerErrorHandler } from "./http/errors.ts";
import { registerMultipart } from "./http/multipart.ts";
import { isMiniAppPage, registerSecurityHeaders } from "./http/security-headers.ts";
import { createTokenService, type TokenService } from "./http/tokens.ts";
import type { Clock } from "./lib/clock.ts";
import { type Metrics, registerRequestMetrics } from "./lib/metrics.ts";
import { accountRoutes, tokenRoutes } from "./modules/accounts/index.ts";
import { botTextRoutes } from "./modules/bot-texts/index.ts";
import { catalogueRoutes } from "./modules/catalogue/index.ts";
import { claimRoutes } from "./modules/claims/index.ts";
import { profileRoutes, sendOrdersRoutes } from "./modules/clients/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { createLiveHub, liveRoutes } from "./modules/live/index.ts";
import { marketRoutes } from "./modules/market/index.ts";
import { messagingRoutes } from "./modules/messaging/index.ts";
import { miniAppRoutes } from "./modules/miniapp/index.ts";
import { startOrderingCache } from "./modules/ordering/index.ts";
import { readOutboxWaiting } from "./modules/outbox/index.ts";
import { preparedListRoutes } from "./modules/prepared-list/index.ts";
import { invoiceAndDailyReportRoutes, leftoverReportRoutes } from "./modules/reports/index.ts";
import { positionsByModificationRoutes, salesRoutes } from "./modules/sales/index.ts";
import { dashboardRoutes, statisticsRoutes } from "./modules/statistics/index.ts";
import { stockWaitRoutes } from "./modules/stock-waits/index.ts";
import { createServices } from "./services.ts";

export type AppDeps = BackgroundWork & {
  db: Db;
  clock: Clock;
  jwtSecret: string;
  logLevel?: string;
  /** The built web app to serve; defaults to web/dist when it exists. */
  webDist?: string | null;
  /** The client bot's token: it signs the Mini App's launch data (none: the Mini App opens no session). */
  telegramBotToken?: string;
  /** The client bot's username, for organization invitation links (none: no links). */
  telegramBotUsername?: string;
  /** The client bot when it runs on a webhook: its route and the secret Telegram must send. */
  botWebhook?: { bot: Bot<BotContext>; secretToken: string };
  /** Serves the OpenAPI page at /api/docs (API_DOCS); off by default. */
  apiDocs?: boolean;
  /** Live streams of staff screens this instance holds at most (LIVE_MAX_STREAMS); 2,000 by default. */
  liveMaxStreams?: number;
  /** Which proxies' X-Forwarded-For gives the client IP (Fastify's `trustProxy`); none by default. */
  trustProxy?: false | number | string[];
  /** Prometheus metrics (METRICS_PORT): moved by this app's work, served at /metrics on `listen`, never the public port. */
  metrics?: { metrics: Metrics; listen: { port: number; host: string } };
};

declare module "fastify" {
  interface FastifyInstance {
    activityLog: ActivityLog;
    tokens: TokenService;
    /** Every API route with the access it declares: the permission matrix test walks it. */
    apiRoutes: ApiRoute[];
    /** Where /metrics answers once the app is ready; undefined with metrics off. */
    metricsUrl: string | undefined;
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));
const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_LIMIT = 10 * 1024 * 1024;
const DEFAULT_LIVE_STREAMS = 2000;

/** The whole HTTP application: API under /api (its OpenAPI page at /api/docs if asked), the web app everywhere else. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, clock } = deps;
  const trust = deps.trustProxy ?? false;
  // A hop count trusts the n nearest proxies (Fastify's own meaning; its types only take a function for it).
  const trustProxy = typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
  const app = Fastify({
    logger: deps.logLevel && deps.logLevel !== "silent" ? { level: deps.logLevel } : false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    trustProxy,
    // A request that reaches a closing server on a connection still open (a keep-alive one with a request in
    // flight) is served, with `Connection: close`: the database stays open until every answer has gone, and
    // Fastify's own refusal was an English 503 outside the error model.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const tokens = createTokenService({ secret: deps.jwtSecret, clock });
  app.decorate("tokens", tokens);
  app.decorate("activityLog", registerActivityLog(app, { db, clock }));
  serveMetrics(app, db, deps.metrics);

  await registerSecurityHeaders(app);
  await registerMultipart(app, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 20 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Wholesale back-office API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });
  // The OpenAPI document is always built (tests read it); its page only when asked for (API_DOCS; `npm run dev`
  // sets it): every route and schema, open to anyone, is a map for whoever probes a deployment, and the
  // back-office never uses it.
  if (deps.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  const services = createServices({
    db,
    clock,
    tokens,
    telegramBotToken: deps.telegramBotToken,
    telegramBotUsername: deps.telegramBotUsername,
    metrics: deps.metrics?.metrics,
  });

  // What every order tap reads but staff change rarely (schedules, clients, modifications) is kept in memory for
  // every ordering service on this database, the bot's included, until the database announces a change.
  const orderingCache = startOrderingCache(db);
  app.addHook("onClose", async () => orderingCache.close());

  // Streams end before the server stops listening: an open stream would otherwise hold its close for good.
  const live = createLiveHub(db, { maxStreams: deps.liveMaxStreams ?? DEFAULT_LIVE_STREAMS });
  app.addHook("preClose", async () => live.close());

  const apiRoutes: ApiRoute[] = [];
  app.decorate("apiRoutes", apiRoutes);
  await app.register(
    async (api) => {
      registerAuth(api, { db, tokens, routes: apiRoutes });
      await api.register(healthRoutes, { db });
      await api.register(tokenRoutes, services);
      await api.register(accountRoutes, services);
      await api.register(catalogueRoutes, services);
      await api.register(leftoverReportRoutes, services);
      await api.register(positionsByModificationRoutes, services);
      await api.register(profileRoutes, services);
      await api.register(sendOrdersRoutes, services);
      await api.register(salesRoutes, services);
      if (deps.botWebhook) await api.register(webhookRoutes, deps.botWebhook);
      await api.register(botPreviewRoutes, {
        miniAppSessions: services.miniAppSessions,
        botPreview: createBotPreviewService({
          db,
          clock,
          log: {
            error: (details, message) => app.log.error(details, message),
            warn: (details, message) => app.log.warn(details, message),
          },
        }),
      });
      await api.register(marketRoutes, { db, clock, ...services });
      await api.register(messagingRoutes, services);
      await api.register(claimRoutes, services);
      await api.register(botTextRoutes, services);
      await api.register(statisticsRoutes, services);
      await api.register(invoiceAndDailyReportRoutes, services);
      await api.register(dashboardRoutes, services);
      await api.register(miniAppRoutes, services);
      await api.register(preparedListRoutes, services);
      await api.register(stockWaitRoutes, services);
      await api.register(liveRoutes, { db, clock, tokens, live });
    },
    { prefix: "/api" },
  );

  runInBackground(app, { db, services, metrics: deps.metrics?.metrics, work: deps });

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  const serveWeb = webDist !== null && existsSync(webDist);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz beside each asset (web/vite-precompress.ts): sent as they are to a
      // browser that accepts them, the plain file otherwise.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed names change with their content, so they can be cached for good; index.html names the
        // current hashes, so it must be revalidated on every load.
        res.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  // Unknown API paths answer JSON; any other GET (or HEAD, as uptime checks send) of a path without a file
  // extension is a route of the single-page app (a missing asset stays a 404 rather than turning into HTML).
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const reads = request.method === "GET" || request.method === "HEAD";
    if (serveWeb && reads && !path.startsWith("/api") && !/\.[a-z0-9]+$/i.test(path)) {
      // The Telegram Mini App is a page of its own under /app/.
      const page = isMiniAppPage(path) ? "app/index.html" : "index.html";
      return reply.header("cache-control", "no-cache").sendFile(page);
    }
    return reply.status(404).send(errorBody(notFound()));
  });

  return app;
}

/**
 * With metrics on: each request timed under its route, the database, outbox and activity log read at each
 * scrape, and /metrics on its own listener, opened when the app is ready and closed with it (after its drain).
 */
function serveMetrics(app: FastifyInstance, db: Db, options: AppDeps["metrics"]): void {
  let served: { url: string; close: () => Promise<void> } | undefined;
  app.decorate("metricsUrl", { getter: () => served?.url });
  // Never on the public port, with metrics on or off: not even the web app's page (its fallback takes any path).
  app.get("/metrics", { schema: { hide: true } }, (_request, reply) =>
    reply.status(404).send(errorBody(notFound())),
  );
  if (!options) return;
  const { metrics, listen } = options;
  registerRequestMetrics(app, metrics);
  metrics.watchDatabase((db as unknown as { $client: unknown }).$client);
  metrics.watchOutbox(() => readOutboxWaiting(db));
  metrics.watchActivityLog(() => app.activityLog.waiting());
  app.addHook("onReady", async () => {
    served = await metrics.serve(listen);
  });
  app.addHook("onClose", async () => served?.close());
}
