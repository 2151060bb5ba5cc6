/**
 * The clients list with search over 5,000 clients: p50/p95 of GET /api/profiles/clients/ through the
 * whole app (auth, validation, query, count, serialization) via `inject`, on embedded PGlite, and on
 * PostgreSQL when BENCH_DATABASE_URL points at a server (a scratch database is created and dropped).
 *
 *   npm run bench:clients
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:clients
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { buildApp } from "../../server/src/app.ts";
import { type Database, openPglite, openPostgres } from "../../server/src/db/client.ts";
import { seedDemo } from "../../server/src/db/demo/demo.ts";
import { accounts } from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { percentile } from "../lib/measure.ts";

const CLIENTS = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const SCENARIOS = [
  { name: "first page, no search", query: "limit=100" },
  { name: "search nickname (иван)", query: "limit=100&search=иван" },
  { name: "search common fragment (ова)", query: "limit=100&search=ова" },
  { name: "search phone digits (7912)", query: "limit=100&search=7912" },
  { name: "search with tab=active", query: "limit=100&tab=active&search=ов" },
  { name: "last page, no search", query: `limit=100&offset=${CLIENTS - 100}` },
];

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { database: await openPglite(), drop: async () => {} };
  const name = `bench_clients_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openPostgres(scratch.toString());
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

const { database, drop } = await openDatabase();
try {
  await seedDemo(database.db, {
    now: new Date(),
    password: "bench-password",
    scale: { clients: CLIENTS, days: 1, ordersPerDay: 10, productsPerBrand: 2 },
  });
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    jwtSecret: "b".repeat(48),
    webDist: null,
  });
  await app.ready();
  const [office] = await database.db.select().from(accounts).limit(1);
  if (!office) throw new Error("no staff account");
  const access = await app.tokens.sign({ userId: office.id, version: office.tokenVersion, type: "access" });
  const headers = { authorization: `Bearer ${access}` };

  console.log(`clients list over ${CLIENTS} clients on ${database.kind}, ${RUNS} sequential requests each`);
  for (const scenario of SCENARIOS) {
    const url = `/api/profiles/clients/?${scenario.query}`;
    for (let i = 0; i < 20; i++) await app.inject({ method: "GET", url, headers });
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await app.inject({ method: "GET", url, headers });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      count = res.json().count;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${scenario.name.padEnd(32)} matches ${String(count).padStart(5)}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
  }
  await app.close();
} finally {
  await database.close();
  await drop();
}
