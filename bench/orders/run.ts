import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../../server/src/app.ts";
import { openPostgres } from "../../server/src/db/client.ts";
import { seedAccount } from "../../server/src/db/factories/accounts.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { percentile } from "../lib/measure.ts";
import { generateOrders } from "./generate.ts";

/**
 * `npm run bench:orders`: makes its own database on BENCH_DATABASE_URL's server, fills a year of orders
 * (BENCH_DAYS, default 365, × 500 a day) and measures the orders list, sending a wholesale type to collect
 * and today's spreadsheet through the real app (app.inject, no network). Drops the database at the end.
 */
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const days = Number(process.env.BENCH_DAYS ?? 365);
const ordersPerDay = Number(process.env.BENCH_ORDERS_PER_DAY ?? 500);
const name = `bench_orders_${process.pid}`;

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function timed(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString());
try {
  const now = new Date();
  const generation = performance.now();
  const counts = await generateOrders(database.db, now, { days, ordersPerDay, clients: 1500 });
  console.log(
    `generated ${counts.orders} orders, ${counts.positions} positions over ${days} days in ${(
      (performance.now() - generation) / 1000
    ).toFixed(0)} s`,
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
  const headers = { authorization: `Bearer ${access}` };
  const call = async (method: "GET" | "POST", url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode !== 200)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };

  const lists: Record<string, number[]> = { page: [], search: [], history: [] };
  for (let i = 0; i < 20; i++) await call("GET", "/api/sales/orders/?client_type=3");
  for (let i = 0; i < 200; i++) {
    const offset = (i % 10) * 20;
    lists.page?.push(
      await timed(() =>
        call("GET", `/api/sales/orders/?client_type=${2 + (i % 2)}&offset=${offset}`).then(() => {}),
      ),
    );
    lists.search?.push(
      await timed(() =>
        call("GET", `/api/sales/orders/?client_type=3&search=${encodeURIComponent("ООО")}`).then(() => {}),
      ),
    );
  }
  for (let i = 0; i < 20; i++) {
    lists.history?.push(
      await timed(() =>
        call(
          "GET",
          `/api/sales/orders/?limit=1000&opened_at=${new Date(now.getTime() - (i + 1) * 86_400_000).toISOString().slice(0, 10)}`,
        ).then(() => {}),
      ),
    );
  }
  for (const [kind, samples] of Object.entries(lists)) {
    console.log(
      `orders list (${kind}): p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}`,
    );
  }

  const sends: number[] = [];
  let moved = 0;
  for (let i = 0; i < 5; i++) {
    await database.db.execute(
      // Back to "added" between runs, so each run moves a whole day of one wholesale type.
      sql`update order_positions set status = 'added', sent_to_collect_at = null
        where status = 'sent_to_collect'`,
    );
    const type = i % 2 === 0 ? "small_wholesale" : "large_wholesale";
    sends.push(
      await timed(async () => {
        moved = (await call("POST", "/api/sales/send-to-collect/", { type })).json().updated;
      }),
    );
  }
  console.log(
    `send to collect (a whole wholesale type, ~${moved} positions): median ${ms(percentile(sends, 50))}, max ${ms(Math.max(...sends))}`,
  );
  const repeat = await timed(() =>
    call("POST", "/api/sales/send-to-collect/", { type: "large_wholesale" }).then(() => {}),
  );
  console.log(`send to collect repeated (nothing to move): ${ms(repeat)}`);

  const reports: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i++) {
    reports.push(
      await timed(async () => {
        size = (await call("GET", "/api/sales/report/")).rawPayload.length;
      }),
    );
  }
  console.log(
    `today's spreadsheet (${(size / 1024).toFixed(0)} KiB): median ${ms(percentile(reports, 50))}, max ${ms(Math.max(...reports))}`,
  );
  await app.close();
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
}
