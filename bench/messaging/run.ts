import { fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../../server/src/app.ts";
import { createTelegramApi } from "../../server/src/bot/telegram-api.ts";
import { openPostgres } from "../../server/src/db/client.ts";
import { seedAccount } from "../../server/src/db/factories/accounts.ts";
import { clientGroups, clientMessages, clients, outboxMessages } from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { multipartBody } from "../../server/src/test/multipart.ts";
import { percentile } from "../lib/measure.ts";
import { generateOrders } from "../orders/generate.ts";

/**
 * `npm run bench:messaging`: on its own database on BENCH_DATABASE_URL's server, a month of orders and
 * 10,000 broadcast recipients; the server (app + delivery worker, one process) sends a broadcast through a
 * fake Bot API in another process at BENCH_RATE messages a second, while the orders list is called in a loop.
 * Reports the achieved send rate and the orders list's p95 with and without the broadcast. With
 * BENCH_INSTANCES=2 a second app with its own pool and delivery worker shares the database and the rate.
 */
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const recipients = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const rate = Number(process.env.BENCH_RATE ?? 100);
const instances = Number(process.env.BENCH_INSTANCES ?? 1);
const name = `bench_messaging_${process.pid}`;

const ms = (n: number) => `${n.toFixed(1)} ms`;

type FakeReady = { apiRoot: string; token: string };
const fakeProcess = fork(new URL("./fake-api-process.ts", import.meta.url).pathname, {
  execArgv: ["--import", "tsx"],
});
const fake = await new Promise<FakeReady>((resolve) =>
  fakeProcess.once("message", (m) => resolve(m as FakeReady)),
);
const fakeTimes = () =>
  new Promise<number[]>((resolve) => {
    fakeProcess.once("message", (m) => resolve((m as { times: number[] }).times));
    fakeProcess.send("report");
  });

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString());
try {
  const now = new Date();
  await generateOrders(database.db, now, { days: 30, ordersPerDay: 500, clients: 1500 });
  const [group] = await database.db.insert(clientGroups).values({ name: "Рассылка" }).returning();
  for (let i = 0; i < recipients; i += 2000) {
    await database.db.insert(clients).values(
      Array.from({ length: Math.min(2000, recipients - i) }, (_, j) => ({
        nickname: `Получатель ${i + j}`,
        telegramId: 5_000_000_000 + i + j,
        clientType: 3,
        isActive: true,
        groupId: group?.id ?? null,
      })),
    );
  }

  // Records when each call leaves the server, beside the fake's record of when it arrived.
  const starts: number[] = [];
  const telegram = createTelegramApi({ token: fake.token, apiRoot: fake.apiRoot });
  telegram?.config.use((prev, method, payload, signal) => {
    if (method === "sendMessage") starts.push(Date.now());
    return prev(method, payload, signal);
  });
  const startApp = async (db: typeof database.db) => {
    const instance = await buildApp({
      db,
      clock: systemClock,
      jwtSecret: "b".repeat(48),
      webDist: null,
      delivery: {
        api: telegram,
        ratePerSecond: rate,
        retentionMs: 30 * 86_400_000,
      },
    });
    await instance.ready();
    return instance;
  };
  const app = await startApp(database.db);
  const others = [];
  for (let n = 1; n < instances; n++) {
    const pool = await openPostgres(url.toString());
    others.push({ pool, app: await startApp(pool.db) });
  }
  const office = await seedAccount(database.db, {
    username: "bench-office",
    password: "bench-password-1",
    role: "office",
  });
  const access = await app.tokens.sign({ userId: office.id, version: office.tokenVersion, type: "access" });
  const headers = { authorization: `Bearer ${access}` };
  const ordersList = async (i: number) => {
    const start = performance.now();
    const res = await app.inject({
      method: "GET",
      url: `/api/sales/orders/?client_type=${2 + (i % 2)}&offset=${(i % 10) * 20}`,
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`orders list: ${res.statusCode}`);
    return performance.now() - start;
  };

  // Both measurements call the orders list the same way: one call, then a 50 ms pause (about 20 a second).
  const pause = () => new Promise((r) => setTimeout(r, 50));
  for (let i = 0; i < 30; i++) await ordersList(i);
  const quiet: number[] = [];
  for (let i = 0; i < 300; i++) {
    quiet.push(await ordersList(i));
    await pause();
  }

  const sentAt = performance.now();
  const form = multipartBody({ text: "Бенчмарк: рассылка", group: group?.id ?? 0 });
  const post = await app.inject({
    method: "POST",
    url: "/api/messaging/to-clients/",
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  if (post.statusCode !== 201) throw new Error(`broadcast: ${post.statusCode} ${post.body}`);
  const messageId = (post.json() as { id: number }).id;
  const queuedMs = performance.now() - sentAt;

  const pendingCount = async () =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(sql`${outboxMessages.clientMessageId} = ${messageId} and ${outboxMessages.status} = 'pending'`)
    )[0]?.n ?? 0;
  const busy: number[] = [];
  let i = 0;
  while ((await pendingCount()) > 0) {
    busy.push(await ordersList(i++));
    await pause();
  }
  const doneMs = performance.now() - sentAt;
  const [figures] = await database.db.select().from(clientMessages).where(eq(clientMessages.id, messageId));
  const times = (await fakeTimes()).sort((a, b) => a - b);
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? 0;
  const achieved = (times.length - 1) / ((last - first) / 1000);
  const worstSecond = (sorted: number[]) => {
    let worst = 0;
    for (let from = 0, to = 0; to < sorted.length; to++) {
      while ((sorted[to] ?? 0) - (sorted[from] ?? 0) >= 1000) from++;
      worst = Math.max(worst, to - from + 1);
    }
    return worst;
  };

  console.log(`broadcast to ${recipients} clients at a configured ${rate}/s by ${instances} instance(s)`);
  console.log(`  queued (POST, audience resolved, ${figures?.recipients} outbox rows): ${ms(queuedMs)}`);
  console.log(
    `  delivered ${figures?.delivered}, failed ${figures?.failed}; sends seen by the fake: ${times.length}`,
  );
  console.log(
    `  send rate first→last call: ${achieved.toFixed(1)}/s (${((achieved / rate) * 100).toFixed(1)} % of the configured rate)`,
  );
  console.log(
    `  end to end (POST → all marked): ${(doneMs / 1000).toFixed(1)} s = ${(recipients / (doneMs / 1000)).toFixed(1)}/s (${((recipients / (doneMs / 1000) / rate) * 100).toFixed(1)} %)`,
  );
  console.log(
    `  most sends in any 1 s window: ${worstSecond(starts.sort((a, b) => a - b))} leaving the server, ${worstSecond(times)} arriving at the fake`,
  );
  const p95Quiet = percentile(quiet, 95);
  const p95Busy = percentile(busy, 95);
  console.log(
    `orders list without the broadcast: p50 ${ms(percentile(quiet, 50))}, p95 ${ms(p95Quiet)} (300 calls)`,
  );
  console.log(
    `orders list during the broadcast: p50 ${ms(percentile(busy, 50))}, p95 ${ms(p95Busy)} (${busy.length} calls) = ${(p95Busy / p95Quiet).toFixed(2)}×`,
  );
  await app.close();
  for (const other of others) {
    await other.app.close();
    await other.pool.close();
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
  fakeProcess.send("close");
}
