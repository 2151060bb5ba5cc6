import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { autoRetry } from "@grammyjs/auto-retry";
import {
  createConcurrentSink,
  createRunner,
  createSource,
  createUpdateFetcher,
  type RunnerHandle,
} from "@grammyjs/runner";
import type { Bot, BotError } from "grammy";
import type { Update } from "grammy/types";
import pg from "pg";
import { createBackoff } from "../lib/backoff.ts";
import type { BotContext, BotDeps, BotLog } from "./context.ts";
import { createBot } from "./index.ts";
import { botCommands, texts } from "./texts.ts";

/** Any fixed number shared by every instance: the one holding this lock polls Telegram. */
export const POLLING_LOCK = 727_275;

export type BotRunner = { stop: () => Promise<void> };

/** The secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token: set, or derived from the bot token. */
export function webhookSecret(token: string, configured: string | undefined): string {
  return configured ?? createHash("sha256").update(`webhook:${token}`).digest("hex").slice(0, 48);
}

/** The signal grammY's calls take: typed as the abort-controller package's, Node's own at run time. */
type ApiSignal = NonNullable<Parameters<Bot["init"]>[0]>;

/**
 * With a Mini App URL, the chat's menu button (beside the input field) opens the Mini App, for every chat of
 * the bot; without one it stays Telegram's default, the list of commands.
 */
async function setMenuButton(
  bot: Bot<BotContext>,
  webAppUrl: string | undefined,
  signal: ApiSignal,
): Promise<void> {
  if (!webAppUrl) return;
  await bot.api.setChatMenuButton(
    { menu_button: { type: "web_app", text: texts.openCatalogue, web_app: { url: webAppUrl } } },
    signal,
  );
}

/**
 * The chat's commands and menu button, set in the background: they only dress the chat, so a Bot API that
 * hangs or fails on them must not keep the bot from answering. A failure is logged; every start (and every
 * poller that takes over) sets them again.
 */
function dressChat(
  bot: Bot<BotContext>,
  webAppUrl: string | undefined,
  log: BotLog,
  signal: ApiSignal,
): void {
  Promise.all([
    bot.api.setMyCommands(botCommands, undefined, signal),
    setMenuButton(bot, webAppUrl, signal),
  ]).catch((error: unknown) => {
    if (!signal.aborted) log.warn({ err: error }, "the chat's commands and menu button were not set");
  });
}

/**
 * A runner's stop, which ends its waits between tries and its calls to the Bot API at once. The calls need
 * it: grammY's retry (auto-retry) tries a call that cannot reach Telegram again and again, with waits doubling
 * up to an hour, so a server stopped while Telegram was unreachable would otherwise wait on its bot's start
 * for ever.
 */
function stopSwitch() {
  const controller = new AbortController();
  const { signal } = controller;
  return {
    stopped: () => signal.aborted,
    // The two types differ only in their event typings; grammY listens for "abort" as on any AbortSignal.
    calls: signal as unknown as ApiSignal,
    /** Resolves after `ms`, or at once when the runner stops. */
    pause: (ms: number) => sleep(ms, undefined, { signal }).catch(() => {}),
    stop: () => controller.abort(),
  };
}

/**
 * Updates a poller handles at once, and so fetches ahead at most. Telegram forgets an update once a later
 * getUpdates asks past it, and the runner asks for more as soon as a handler is free, so what a kill -9 can
 * lose is what is being handled at that instant: at most this many. (grammY's runner defaults to 500 and
 * fetched 100 at a time: a kill during the market's opening rush lost ~500 taps, redelivered never.)
 * 50 handlers keep a 10-connection pool busy while each waits on Telegram for its answers.
 */
export const POLLING_CONCURRENCY = 50;

/**
 * grammY's runner, with its fetching held to POLLING_CONCURRENCY: each getUpdates asks for no more updates
 * than handlers are free (the runner's own fetcher asks for up to 100 whatever the sink's size).
 */
function runBounded(bot: Bot<BotContext>, concurrency: number, log: BotLog): RunnerHandle {
  const fetchUpdates = createUpdateFetcher(bot, { fetch: { timeout: 30 } });
  const source = createSource<Update>({
    supply: (free, signal) => fetchUpdates(Math.min(free, concurrency), signal),
  });
  const sink = createConcurrentSink<Update, BotError<BotContext>>(
    { consume: (update) => bot.handleUpdate(update) },
    async (error) => {
      try {
        await bot.errorHandler(error);
      } catch (failure) {
        log.error({ err: failure }, "the bot's error handler failed");
      }
    },
    { concurrency },
  );
  const runner = createRunner(source, sink);
  runner.start();
  return runner;
}

/** The longest wait between two tries after failures in a row (a database or Bot API that is away). */
const MAX_RETRY_MS = 30_000;

/**
 * Points Telegram at the webhook (the webhook route handles the updates), in the background: the back-office
 * serves whether or not Telegram answers at start. A failure is logged and tried again after waits doubling
 * from `retryMs` to 30 s, until Telegram takes the webhook or `stop` is called.
 */
export function startWebhook(
  bot: Bot<BotContext>,
  options: { url: string; secretToken: string; log: BotLog; retryMs?: number; webAppUrl?: string },
): BotRunner {
  const retryMs = options.retryMs ?? 3000;
  const backoff = createBackoff({ firstMs: retryMs, maxMs: Math.max(retryMs, MAX_RETRY_MS) });
  const halt = stopSwitch();
  const loop = (async () => {
    while (!halt.stopped()) {
      try {
        await bot.init(halt.calls);
        await bot.api.setWebhook(
          options.url,
          { secret_token: options.secretToken, drop_pending_updates: false },
          halt.calls,
        );
        dressChat(bot, options.webAppUrl, options.log, halt.calls);
        return;
      } catch (error) {
        if (halt.stopped()) return;
        const waitMs = backoff.fail();
        options.log.error({ err: error, retryInMs: waitMs }, "setting the bot's webhook failed");
        await halt.pause(waitMs);
      }
    }
  })();
  return {
    async stop() {
      halt.stop();
      await loop;
    },
  };
}

/**
 * Long polling by exactly one instance. Without PostgreSQL (embedded PGlite) there is one process anyway and
 * it polls. With PostgreSQL every instance tries a session-level advisory lock on its own connection every
 * `retryMs`; the holder polls, and when it dies its connection closes, the lock is released and another
 * instance takes over within `retryMs`. An instance whose lock connection breaks (a database restart, a
 * terminated backend) stops polling at once, since the lock went with the connection, and tries to take it
 * again on a new connection. Failures in a row (the database or the Bot API away) are logged and tried again
 * after waits doubling from `retryMs` to 30 s.
 */
export function startPolling(
  bot: Bot<BotContext>,
  options: { databaseUrl: string | undefined; log: BotLog; retryMs?: number; webAppUrl?: string },
): BotRunner {
  const retryMs = options.retryMs ?? 3000;
  const backoff = createBackoff({ firstMs: retryMs, maxMs: Math.max(retryMs, MAX_RETRY_MS) });
  const halt = stopSwitch();
  let runner: RunnerHandle | undefined;
  let lockClient: pg.Client | undefined;

  /** getUpdates is refused while a webhook is set: the webhook goes first, and polling waits for it. */
  async function prepare(): Promise<void> {
    await bot.init(halt.calls);
    await bot.api.deleteWebhook(undefined, halt.calls);
    dressChat(bot, options.webAppUrl, options.log, halt.calls);
  }

  async function poll(): Promise<void> {
    runner = runBounded(bot, POLLING_CONCURRENCY, options.log);
    backoff.succeed();
    try {
      await runner.task();
    } finally {
      runner = undefined;
    }
  }

  async function holdLockAndPoll(url: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    lockClient = client;
    let lost = false;
    const onLost = () => {
      lost = true;
      void runner?.stop();
    };
    client.on("error", onLost);
    client.on("end", onLost);
    try {
      await client.connect();
      while (!halt.stopped() && !lost) {
        const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [
          POLLING_LOCK,
        ]);
        if (rows[0]?.ok) break;
        await halt.pause(retryMs);
      }
      if (!halt.stopped() && !lost) await prepare();
      // The lock may have gone with its connection while the bot was being prepared: no polling without it.
      if (halt.stopped() || lost) return;
      // A connection that dies silently must not leave two pollers: probe it while polling.
      const probe = setInterval(() => {
        client.query("select 1").catch(onLost);
      }, retryMs);
      try {
        await poll();
      } finally {
        clearInterval(probe);
      }
    } finally {
      client.removeAllListeners();
      client.on("error", () => {});
      await client.end().catch(() => {});
    }
    if (lost && !halt.stopped()) throw new Error("the database connection holding the polling lock was lost");
  }

  const loop = (async () => {
    while (!halt.stopped()) {
      let waitMs = retryMs;
      try {
        if (options.databaseUrl) await holdLockAndPoll(options.databaseUrl);
        else {
          await prepare();
          await poll();
        }
      } catch (error) {
        if (halt.stopped()) break;
        waitMs = backoff.fail();
        options.log.error({ err: error, retryInMs: waitMs }, "bot polling failed");
      }
      if (!halt.stopped()) await halt.pause(waitMs);
    }
  })();

  return {
    async stop() {
      halt.stop();
      await runner?.stop();
      await lockClient?.end().catch(() => {});
      await loop;
    },
  };
}

/** The bot that talks to Telegram (or TELEGRAM_API_ROOT): every update taken once, in the shared database. */
export function createLiveBot(
  settings: { token: string; apiRoot: string | undefined },
  deps: Pick<BotDeps, "db" | "clock" | "log" | "webAppUrl" | "metrics" | "pulse">,
): Bot<BotContext> {
  const bot = createBot(
    settings.token,
    { ...deps, dedupUpdates: true, sessionPrefix: "", dryRun: false, updateTimeoutMs: 15_000 },
    { client: settings.apiRoot ? { apiRoot: settings.apiRoot.replace(/\/+$/, "") } : undefined },
  );
  // Telegram's flood limits answer 429 with a delay: wait it out rather than fail the answer.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 10 }));
  return bot;
}
