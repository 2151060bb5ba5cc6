import type { TRole } from "@wholesale/contract";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type AppDeps, buildApp } from "../app.ts";
import type { Db } from "../db/client.ts";
import { seedAccount } from "../db/factories/accounts.ts";
import { type Clock, fixedClock } from "../lib/clock.ts";
import type { Metrics } from "../lib/metrics.ts";
import { openTestDatabase, type TestDatabase } from "./database.ts";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";
export const TEST_PASSWORD = "correct-horse-battery";
/** The bot token test apps sign Mini App launch data with. */
export const TEST_BOT_TOKEN = "123456:test-bot-token-for-mini-app-launch-data";

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  /** A signed-in account of the role (created on first use), with its bearer header. */
  as: (role: TRole) => Promise<{ id: number; username: string; headers: { authorization: string } }>;
  /** An HTTP call through app.inject with the role's token (or none). */
  call: (role: TRole | null, options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** The real app on a fresh migrated database, speaking HTTP through `inject`. One per test file. */
export async function createTestApp(
  options: {
    clock?: Clock;
    now?: string;
    telegramBotUsername?: string;
    telegramBotToken?: string;
    trustProxy?: false | number | string[];
    delivery?: AppDeps["delivery"];
    jobs?: AppDeps["jobs"];
    bot?: AppDeps["bot"];
    /** Metrics on, served on a free loopback port (`app.metricsUrl`). */
    metrics?: Metrics;
    liveMaxStreams?: number;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = fixedClock(options.now ?? "2026-11-20T09:00:00Z");
  const app = await buildApp({
    db: database.db,
    clock: options.clock ?? clock,
    jwtSecret: TEST_SECRET,
    webDist: null,
    telegramBotToken: options.telegramBotToken ?? TEST_BOT_TOKEN,
    telegramBotUsername: options.telegramBotUsername,
    trustProxy: options.trustProxy,
    delivery: options.delivery,
    jobs: options.jobs,
    bot: options.bot,
    metrics: options.metrics && { metrics: options.metrics, listen: { port: 0, host: "127.0.0.1" } },
    liveMaxStreams: options.liveMaxStreams,
  });
  await app.ready();

  const sessions = new Map<TRole, { id: number; username: string; headers: { authorization: string } }>();
  async function as(role: TRole) {
    const existing = sessions.get(role);
    if (existing) return existing;
    const username = `${role}-user`;
    const row = await seedAccount(database.db, { username, password: TEST_PASSWORD, role });
    const access = await app.tokens.sign({ userId: row.id, version: row.tokenVersion, type: "access" });
    const session = { id: row.id, username, headers: { authorization: `Bearer ${access}` } };
    sessions.set(role, session);
    return session;
  }

  return {
    app,
    db: database.db,
    database,
    clock,
    as,
    call: async (role, opts) => {
      const headers = role ? (await as(role)).headers : {};
      return app.inject({ ...opts, headers: { ...headers, ...(opts.headers ?? {}) } });
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
