import type { FastifyInstance } from "fastify";
import { createDeliveryWorker, type DeliveryOptions } from "./bot/delivery/worker.ts";
import type { BotRunner } from "./bot/run.ts";
import type { Db } from "./db/client.ts";
import { type Job, type Scheduler, startScheduler } from "./jobs/index.ts";
import type { Metrics } from "./lib/metrics.ts";
import type { Services } from "./services.ts";

/** What a server runs beside its HTTP API; each part is optional (tests start only what they test). */
export type BackgroundWork = {
  /** The outbox's delivery worker. */
  delivery?: Omit<DeliveryOptions, "db">;
  /** The scheduled jobs, made with the same services the routes use. */
  jobs?: (services: Services) => Job[];
  /** The client bot's updates: long polling, or the webhook's registration with Telegram. */
  bot?: () => BotRunner;
};

/**
 * The one place the background work starts and stops, with the app's life: it starts when the app is ready.
 * On close, running jobs and the bot's runner finish before the server stops listening (a job or an update may
 * still write); the delivery worker stops after the last answer has gone, before the database closes, and
 * marks the batch it had claimed.
 */
export function runInBackground(
  app: FastifyInstance,
  { db, services, metrics, work }: { db: Db; services: Services; metrics?: Metrics; work: BackgroundWork },
): void {
  const worker =
    work.delivery &&
    createDeliveryWorker({
      db,
      onError: (error, context) => app.log.error({ err: error, context }, "message delivery failed"),
      countSend: metrics?.countSend,
      ...work.delivery,
    });
  let scheduler: Scheduler | undefined;
  let bot: BotRunner | undefined;
  app.addHook("onReady", async () => {
    worker?.start();
    if (work.jobs) {
      scheduler = startScheduler(
        work.jobs(services),
        (job, error) => app.log.error({ err: error, job }, "background job failed"),
        metrics?.countJobRun,
      );
    }
    bot = work.bot?.();
  });
  app.addHook("preClose", async () => {
    await scheduler?.stop();
    await bot?.stop();
  });
  app.addHook("onClose", async () => worker?.stop());
}
