/**
 * A delivery worker alone in a process of its own, for tests that kill it (SIGKILL) in the middle of its work:
 * `node --import tsx delivery-process.ts` with DATABASE_URL, TELEGRAM_BOT_TOKEN, TELEGRAM_API_ROOT,
 * RATE_PER_SECOND and LEASE_MS. It prints "ready" once the worker runs.
 */
import { createDeliveryWorker } from "../bot/delivery/worker.ts";
import { createTelegramApi } from "../bot/telegram-api.ts";
import { openPostgres } from "../db/client.ts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const database = await openPostgres(env("DATABASE_URL"), { max: 3 });
const worker = createDeliveryWorker({
  db: database.db,
  api: createTelegramApi({ token: env("TELEGRAM_BOT_TOKEN"), apiRoot: env("TELEGRAM_API_ROOT") }),
  ratePerSecond: Number(env("RATE_PER_SECOND")),
  leaseMs: Number(env("LEASE_MS")),
  retentionMs: 24 * 60 * 60 * 1000,
  idleMs: 20,
});
worker.start();
console.log("ready");
