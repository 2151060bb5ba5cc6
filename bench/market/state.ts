/**
 * The market decision as the bot and the ordering service call it, and the notice job's tick, over 5,000
 * demo clients and 23 schedules (the demo's 3 plus 20 targeting one group each): p50/p95 of
 * `marketStateForClient`, of a tick with nothing due, and the time of a tick that queues «end» to every
 * client. Embedded PGlite, or PostgreSQL when BENCH_DATABASE_URL points at a server (a scratch database is
 * created and dropped).
 *
 *   npm run bench:market
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:market
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../../server/src/db/client.ts";
import { seedDemo } from "../../server/src/db/demo/demo.ts";
import {
  clientGroups,
  clients,
  marketScheduleGroups,
  marketSchedules,
  outboxMessages,
  timeIntervals,
} from "../../server/src/db/schema/index.ts";
import { marketStateForClient, runMarketTick } from "../../server/src/modules/market/index.ts";
import { percentile } from "../lib/measure.ts";

const CLIENTS = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 500);

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { database: await openPglite(), drop: async () => {} };
  const name = `bench_market_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openPostgres(scratch.toString());
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const msk = (iso: string) => new Date(`${iso}+03:00`);

async function measure(name: string, runs: number, work: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
}

const { database, drop } = await openDatabase();
try {
  const db = database.db;
  await seedDemo(db, {
    now: new Date(),
    password: "bench-password",
    scale: { clients: CLIENTS, days: 1, ordersPerDay: 10, productsPerBrand: 2 },
  });
  const groups = await db.select({ id: clientGroups.id }).from(clientGroups);
  for (let i = 0; i < 20; i++) {
    const [s] = await db
      .insert(marketSchedules)
      .values({ name: `Группа ${i}` })
      .returning();
    const group = groups[i % groups.length];
    if (!s || !group) throw new Error("bench: schedule not created");
    await db.insert(marketScheduleGroups).values({ scheduleId: s.id, groupId: group.id });
    await db
      .insert(timeIntervals)
      .values({ scheduleId: s.id, startTime: `${10 + (i % 8)}:00`, endTime: "19:00" });
  }
  const ids = (await db.select({ id: clients.id }).from(clients)).map((c) => c.id);

  const noon = msk("2026-11-20T12:00:00");
  await measure("marketStateForClient", RUNS, (i) =>
    marketStateForClient(db, ids[(i * 7919) % ids.length] ?? 1, noon),
  );
  await measure("tick, nothing due", 50, () => runMarketTick(db, msk("2026-11-20T12:30:00")));
  // 19:00: the 20 group schedules end together; «end» goes to every reachable client they target.
  const start = performance.now();
  const result = await runMarketTick(db, msk("2026-11-20T19:00:05"));
  const queued = (await db.select({ id: outboxMessages.id }).from(outboxMessages)).length;
  console.log(
    `tick queuing «end»: ${(performance.now() - start).toFixed(0)} ms for ${result.queued} messages (outbox ${queued})`,
  );
} finally {
  await database.close();
  await drop();
}
