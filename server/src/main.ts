import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { claimDataDir, DataDirInUse } from "./backup/data-dir-claim.ts";
import { newestBackupTime, pgliteOf } from "./backup/embedded-backups.ts";
import { serveBackups } from "./backup/take-backup.ts";
import type { BotLog } from "./bot/context.ts";
import { createLiveBot, startPolling, startWebhook, webhookSecret } from "./bot/run.ts";
import { createTelegramApi } from "./bot/telegram-api.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { bootstrap } from "./db/bootstrap.ts";
import { openPglite, openPostgres } from "./db/client.ts";
import { scheduledJobs } from "./jobs/index.ts";
import { systemClock } from "./lib/clock.ts";
import { createMetrics } from "./lib/metrics.ts";

async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database is one process's: a second server, a backup or a restore on DATA_DIR is refused.
  const dataDirClaim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir);
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { max: config.databasePoolSize })
    : await openPglite(join(config.dataDir, "pglite"));
  await bootstrap(database.db, config, systemClock, (message) => console.log(message));
  // This instance's own metrics, served on METRICS_HOST:METRICS_PORT while the app runs.
  const metrics = config.metrics ? createMetrics() : undefined;

  // The bot logs through the app's logger, which exists only once the app is built.
  let app: FastifyInstance | undefined;
  const botLog: BotLog = {
    error: (details, message) => app?.log.error(details, message),
    warn: (details, message) => app?.log.warn(details, message),
  };
  const { token, apiRoot, webhookUrl } = config.telegram;
  const bot = token
    ? createLiveBot(
        { token, apiRoot },
        {
          db: database.db,
          clock: systemClock,
          log: botLog,
          webAppUrl: config.telegram.webAppUrl,
          metrics: metrics?.bot(),
        },
      )
    : undefined;
  const botWebhook =
    bot && token && webhookUrl
      ? { bot, secretToken: webhookSecret(token, config.telegram.webhookSecret) }
      : undefined;

  // `npm run backup` asks this server, the one process that may read its embedded database.
  const backups = dataDirClaim
    ? serveBackups(dataDirClaim, { client: pgliteOf(database.db), ...config.backup, clock: systemClock })
    : undefined;
  if (backups) metrics?.watchBackups(() => newestBackupTime(backups.dir));

  app = await buildApp({
    db: database.db,
    clock: systemClock,
    jwtSecret: config.jwtSecret,
    logLevel: config.logLevel,
    telegramBotToken: config.telegram.token,
    telegramBotUsername: config.telegram.botUsername,
    botWebhook,
    // Without a token the worker sends nothing and queued messages wait for one.
    delivery: {
      api: createTelegramApi(config.telegram),
      ratePerSecond: config.delivery.ratePerSecond,
      retentionMs: config.delivery.retentionDays * 24 * 60 * 60 * 1000,
    },
    jobs: (services) =>
      scheduledJobs({
        db: database.db,
        clock: systemClock,
        ...services,
        dailyBackups: config.backup.daily ? backups : undefined,
        webAppUrl: config.telegram.webAppUrl,
      }),
    bot:
      bot &&
      (() =>
        botWebhook && webhookUrl
          ? startWebhook(bot, {
              url: webhookUrl,
              secretToken: botWebhook.secretToken,
              log: botLog,
              webAppUrl: config.telegram.webAppUrl,
            })
          : startPolling(bot, {
              databaseUrl: config.databaseUrl,
              log: botLog,
              webAppUrl: config.telegram.webAppUrl,
            })),
    trustProxy: config.trustProxy,
    apiDocs: config.apiDocs,
    liveMaxStreams: config.liveMaxStreams,
    metrics: metrics && config.metrics ? { metrics, listen: config.metrics } : undefined,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // Closing the app stops its jobs and the bot first and flushes the activity log before the database goes.
    await app?.close();
    await database.close();
    await dataDirClaim?.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // The delivery worker, the jobs and the bot start as the app becomes ready (background.ts).
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL" : `embedded PGlite in ${config.dataDir}`;
  console.log(`Back-office on http://localhost:${config.port} (database: ${where})`);
  if (app.metricsUrl) console.log(`Metrics on ${app.metricsUrl}`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
