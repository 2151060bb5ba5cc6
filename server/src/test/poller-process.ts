/**
 * The client bot long-polling alone in a process of its own, for tests that kill it (SIGKILL) in the middle of
 * a rush: `node --import tsx poller-process.ts` with DATABASE_URL, TELEGRAM_BOT_TOKEN and TELEGRAM_API_ROOT.
 * It prints "ready" once it polls.
 */
import { createLiveBot, startPolling } from "../bot/run.ts";
import { openPostgres } from "../db/client.ts";
import { systemClock } from "../lib/clock.ts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const databaseUrl = env("DATABASE_URL");
const database = await openPostgres(databaseUrl);
const log = { error: () => {}, warn: () => {} };
const bot = createLiveBot(
  { token: env("TELEGRAM_BOT_TOKEN"), apiRoot: env("TELEGRAM_API_ROOT") },
  { db: database.db, clock: systemClock, log },
);
startPolling(bot, { databaseUrl, log, retryMs: 200 });
console.log("ready");
