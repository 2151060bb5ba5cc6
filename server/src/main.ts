import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { claimDataDir, DataDirInUse } from "./backup/data-dir-claim.ts";
import { newestBackupTime, pgliteOf } from "./backup/embedded-backups.ts";
import { serveBackups } from "./backup/take-backup.ts";
import type { BotLog } from "./bot/context.ts";
import { type BotRunner, createLiveBot, startPolling, startWebhook, webhookSecret } from "./bot/run.ts";
import { createTelegramApi } from "./bot/telegram-api.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { bootstrap } from "./db/bootstrap.ts";
import { openPglite, openPostgres } from "./db/client.ts";
import { botUpdatesCleanupJob } from "./jobs/bot-updates-cleanup.ts";
import { dailyBackupJob } from "./jobs/daily-backup.ts";
import { dailyLeftoverReportJob } from "./jobs/daily-leftover-report.ts";
import { dailyStockSnapshotJob } from "./jobs/daily-stock-snapshot.ts";
import { invoiceAndDailyReportJobs } from "./jobs/invoices-and-daily-reports.ts";
import { marketNoticesJob } from "./jobs/market-notices.ts";
import { preparedListOpeningsJob } from "./jobs/prepared-list-openings.ts";
import { scheduledMessagesJob } from "./jobs/scheduled-messages.ts";
import { type Scheduler, startScheduler } from "./jobs/scheduler.ts";
import { systemClock } from "./lib/clock.ts";
import { createMetrics } from "./lib/metrics.ts";
import { createMessageService } from "./modules/messaging/index.ts";
import {
  createDailyReportService,
  createInvoiceService,
  createLeftoverService,
} from "./modules/reports/index.ts";
import { createStatisticsService } from "./modules/statistics/index.ts";

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
    : null;
  const botWebhook =
    bot && token && webhookUrl
      ? { bot, secretToken: webhookSecret(token, config.telegram.webhookSecret) }
      : undefined;

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
    trustProxy: config.trustProxy,
    metrics: metrics && config.metrics ? { metrics, listen: config.metrics } : undefined,
  });

  // `npm run backup` asks this server, the one process that may read its embedded database.
  const backups = dataDirClaim
    ? serveBackups(dataDirClaim, { client: pgliteOf(database.db), ...config.backup, clock: systemClock })
    : undefined;
  if (backups) metrics?.watchBackups(() => newestBackupTime(backups.dir));

  let scheduler: Scheduler | undefined;
  let botRunner: BotRunner | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // Running jobs finish first; closing the app flushes the activity log before the database goes away.
    await scheduler?.stop();
    await botRunner?.stop();
    await app?.close();
    await database.close();
    await dataDirClaim?.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const leftover = createLeftoverService({ db: database.db, clock: systemClock });
  const statistics = createStatisticsService({ db: database.db, clock: systemClock });
  scheduler = startScheduler(
    [
      dailyLeftoverReportJob({ db: database.db, clock: systemClock, leftover }),
      marketNoticesJob({ db: database.db, clock: systemClock }),
      preparedListOpeningsJob({ db: database.db, clock: systemClock }),
      botUpdatesCleanupJob({ db: database.db, clock: systemClock }),
      scheduledMessagesJob(createMessageService({ db: database.db, clock: systemClock })),
      dailyStockSnapshotJob({ db: database.db, clock: systemClock }),
      ...(backups && config.backup.daily ? [dailyBackupJob(backups, systemClock)] : []),
      ...invoiceAndDailyReportJobs({
        db: database.db,
        clock: systemClock,
        invoices: createInvoiceService({ db: database.db, clock: systemClock }),
        dailyReports: createDailyReportService({ db: database.db, clock: systemClock, statistics }),
      }),
    ],
    (job, error) => app.log.error({ err: error, job }, "background job failed"),
    metrics?.countJobRun,
  );
  if (bot && botWebhook && webhookUrl) {
    botRunner = startWebhook(bot, {
      url: webhookUrl,
      secretToken: botWebhook.secretToken,
      log: botLog,
      webAppUrl: config.telegram.webAppUrl,
    });
  } else if (bot) {
    botRunner = startPolling(bot, {
      databaseUrl: config.databaseUrl,
      log: botLog,
      webAppUrl: config.telegram.webAppUrl,
    });
  }
  const where = config.databaseUrl ? "PostgreSQL" : `embedded PGlite in ${config.dataDir}`;
  console.log(`Back-office on http://localhost:${config.port} (database: ${where})`);
  if (app.metricsUrl) console.log(`Metrics on ${app.metricsUrl}`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
