/**
 * The stock waits' jobs (and, with TELEGRAM_BOT_TOKEN, a delivery worker) alone in a process of its own, for
 * tests that kill it (SIGKILL) between a restock and the sends: `node --import tsx stock-waits-process.ts` with
 * DATABASE_URL, SWEEP_MS and optionally TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT, RATE_PER_SECOND. It prints
 * "ready" once the jobs run.
 */
import { createDeliveryWorker } from "../bot/delivery/worker.ts";
import { createTelegramApi } from "../bot/telegram-api.ts";
import { openPostgres } from "../db/client.ts";
import { startScheduler } from "../jobs/scheduler.ts";
import { stockWaitJobs } from "../jobs/stock-waits.ts";
import { systemClock } from "../lib/clock.ts";
import { startOrderingCache } from "../modules/ordering/index.ts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openPostgres(env("DATABASE_URL"), { max: 4 });
// As a server's: what the judgement reads of clients, schedules and modifications is kept.
await startOrderingCache(database.db).listening;
const token = process.env.TELEGRAM_BOT_TOKEN;
if (token) {
  createDeliveryWorker({
    db: database.db,
    api: createTelegramApi({ token, apiRoot: env("TELEGRAM_API_ROOT") }),
    ratePerSecond: Number(env("RATE_PER_SECOND")),
    retentionMs: 24 * 60 * 60 * 1000,
    idleMs: 20,
  }).start();
}
startScheduler(
  stockWaitJobs({
    db: database.db,
    clock: systemClock,
    sweepEveryMs: Number(env("SWEEP_MS")),
    heardEveryMs: 50,
  }),
  (job, error) => console.error(job, error),
);
console.log("ready");
