import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../../server/src/app.ts";
import { type Database, openPglite, openPostgres } from "../../server/src/db/client.ts";
import { seedAccount } from "../../server/src/db/factories/accounts.ts";
import { addDays, businessDay } from "../../server/src/lib/business-time.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import {
  createStatisticsService,
  plainGroupBySources,
  type StatisticsService,
} from "../../server/src/modules/statistics/index.ts";
import { percentile } from "../lib/measure.ts";
import { generateOrders } from "../orders/generate.ts";

/**
 * `npm run bench:statistics`: the orders benchmark's year of data (BENCH_DAYS × BENCH_ORDERS_PER_DAY, default
 * 365 × 500, about 2 M positions, inserted through the rollup triggers) on PostgreSQL (BENCH_DB=postgres, a
 * database of its own on BENCH_DATABASE_URL's server, dropped at the end) or in-memory PGlite
 * (BENCH_DB=pglite). Measures every statistics endpoint over a year-long range and the dashboard through the
 * real app (app.inject), the same answers computed by a plain GROUP BY over the positions, and a whole day's
 * daily report.
 *
 * BENCH_ROLLUPS=backfill generates with the rollup triggers off and then fills the rollups with the statistics
 * migration's own backfill (the path an existing database took): the same rollups, made in a fraction of the
 * time, which is what lets PGlite hold a whole year. The default fills them through the triggers.
 */
const kind = process.env.BENCH_DB === "pglite" ? "pglite" : "postgres";
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const days = Number(process.env.BENCH_DAYS ?? 365);
const ordersPerDay = Number(process.env.BENCH_ORDERS_PER_DAY ?? 500);
const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const backfill = process.env.BENCH_ROLLUPS === "backfill";
const name = `bench_statistics_${process.pid}`;

/** Rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function measure(label: string, work: () => Promise<unknown>, count = samples): Promise<void> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  console.log(`${label}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`);
}

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = await openPglite();
    return { database, drop: async () => {} };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

/** The statistics migration's backfill statements, as it ran them on a database that had orders already. */
function migrationBackfill(): string[] {
  const migration = readFileSync(
    new URL("../../server/src/db/migrations/0004_statistics_sql.sql", import.meta.url),
    "utf8",
  );
  const from = migration.indexOf("-- Backfill");
  if (from < 0) throw new Error("the statistics migration has no backfill");
  return migration
    .slice(from)
    .split("--> statement-breakpoint")
    .map((part) => part.trim())
    .filter((part) => /INSERT INTO/i.test(part));
}

async function generateThenBackfill(db: Database["db"], now: Date) {
  const tables = ["order_positions", "orders"];
  for (const table of tables) await db.execute(sql.raw(`alter table ${table} disable trigger user`));
  try {
    return await generateOrders(db, now, { days, ordersPerDay, clients: 1500 });
  } finally {
    for (const table of tables) await db.execute(sql.raw(`alter table ${table} enable trigger user`));
    for (const statement of migrationBackfill()) await db.execute(sql.raw(statement));
  }
}

const { database, drop } = await open();
try {
  const now = new Date();
  const today = businessDay(now);
  const yearAgo = addDays(today, -364);
  const started = performance.now();
  const counts = backfill
    ? await generateThenBackfill(database.db, now)
    : await generateOrders(database.db, now, { days, ordersPerDay, clients: 1500 });
  // A live database as it settles after the load: autovacuum clears the old row versions the rollups'
  // upserts leave behind (a query run straight after the load reads through them) and a checkpoint writes
  // the load out, instead of both landing in the middle of the measurements.
  await database.db.execute(sql`vacuum analyze`);
  await database.db.execute(sql`checkpoint`);
  const [rollups] = rowsOf<{ orders: number; daily: number }>(
    await database.db.execute(
      sql`select (select count(*)::int from sales_order_totals) as orders, (select count(*)::int from sales_daily) as daily`,
    ),
  );
  console.log(
    `${kind}: ${counts.orders} orders, ${counts.positions} positions over ${days} days generated ${backfill ? "then backfilled" : "through the triggers"} in ${(
      (performance.now() - started) / 1000
    ).toFixed(0)} s; rollup rows: ${rollups?.orders} per order, ${rollups?.daily} per day`,
  );

  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    jwtSecret: "b".repeat(48),
    webDist: null,
  });
  await app.ready();
  const office = await seedAccount(database.db, {
    username: "bench-office",
    password: "bench-password-1",
    role: "office",
  });
  const access = await app.tokens.sign({ userId: office.id, version: office.tokenVersion, type: "access" });
  const get = async (url: string) => {
    const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${access}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const [someClient] = rowsOf<{ id: number }>(
    await database.db.execute(
      sql`select client_id as id from orders group by 1 order by count(*) desc limit 1`,
    ),
  );
  const clientId = someClient?.id ?? 1;
  const yesterday = addDays(today, -1);
  const [someGroup] = rowsOf<{ id: number }>(
    await database.db.execute(sql`select id from client_groups limit 1`),
  );

  console.log("HTTP, from the rollups (year-long range where the call takes one):");
  await measure("  period/ (365 days)", () =>
    get(`/api/statistics/period/?date_from=${yearAgo}&date_to=${today}`),
  );
  await measure("  client-orders/ (365 days)", () =>
    get(`/api/statistics/client-orders/?client_id=${clientId}&date_from=${yearAgo}&date_to=${today}`),
  );
  await measure("  date/brand/", () => get(`/api/statistics/date/brand/?date=${yesterday}`));
  await measure("  date/", () => get(`/api/statistics/date/?date=${yesterday}`));
  await measure("  date/?type=large", () => get(`/api/statistics/date/?date=${yesterday}&type=large`));
  await measure("  date/?group_id", () =>
    get(`/api/statistics/date/?date=${yesterday}&group_id=${someGroup?.id ?? 1}`),
  );
  await measure("  low/", () => get(`/api/statistics/low/?date=${today}`));
  await measure("  dashboard/ (every figure and both charts)", () => get("/api/dashboard/"));

  const rollup = createStatisticsService({ db: database.db, clock: systemClock });
  const plain = createStatisticsService({
    db: database.db,
    clock: systemClock,
    sources: plainGroupBySources(database.db),
  });
  const both = async (label: string, run: (s: StatisticsService) => Promise<unknown>, count = 10) => {
    await measure(`  ${label}, rollup`, () => run(rollup), count);
    await measure(`  ${label}, plain GROUP BY`, () => run(plain), count);
  };
  console.log("Service calls, rollup against a plain GROUP BY over the positions (same code, other source):");
  await both("period (365 days)", (s) => s.period({ date_from: yearAgo, date_to: today }), 5);
  await both("client-orders (365 days)", (s) =>
    s.clientOrders({ client_id: clientId, date_from: yearAgo, date_to: today }),
  );
  await both("date/brand", (s) => s.byBrand(yesterday));
  await both("date", (s) => s.byDate({ date: yesterday }));
  await both("low", (s) => s.low(today));

  await measure(
    "daily report of a whole day (POST /api/reports/general/)",
    async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/reports/general/",
        headers: { authorization: `Bearer ${access}` },
        payload: { date: yesterday },
      });
      if (res.statusCode !== 201) throw new Error(`daily report: ${res.statusCode}`);
    },
    5,
  );
  await app.close();
} finally {
  await database.close();
  await drop();
}
