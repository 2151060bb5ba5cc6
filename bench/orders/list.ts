// `npm run bench:orders-list`: the online-orders page (`GET /api/sales/orders/?client_type=3`, today's page of
// 20) through the whole app beside a one-statement reference (bare Fastify sending the JSON PostgreSQL builds,
// no auth, no parsing, no response schema), side by side under autocannon on a generated year of orders
// (bench/orders/generate.ts: BENCH_DAYS, default 365, × BENCH_ORDERS_PER_DAY, default 500). Each server runs in
// its own process; they take turns over LIST_ROUNDS (6) runs of LIST_SECONDS (5) with LIST_CONNECTIONS (10).
// Also checks that both answer the same page. Makes its own database on BENCH_DATABASE_URL's server and drops it.
import { type ChildProcess, spawn } from "node:child_process";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";
import { openPostgres } from "../../server/src/db/client.ts";
import { generateOrders } from "./generate.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const days = Number(process.env.BENCH_DAYS ?? 365);
const ordersPerDay = Number(process.env.BENCH_ORDERS_PER_DAY ?? 500);
const rounds = Number(process.env.LIST_ROUNDS ?? 6);
const seconds = Number(process.env.LIST_SECONDS ?? 5);
const connections = Number(process.env.LIST_CONNECTIONS ?? 10);
const root = new URL("../..", import.meta.url).pathname;
const name = `bench_orders_list_${process.pid}`;
const PATH = "/api/sales/orders/?client_type=3";

const KINDS = ["app", "reference"] as const;
type Kind = (typeof KINDS)[number];
type Server = { child: ChildProcess; port: number; token?: string };

async function start(kind: Kind, databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/orders/list-server.ts", kind], {
    cwd: root,
    env: { ...process.env, ORDERS_DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const started = await new Promise<{ port: number; token?: string }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${kind} server exited (${code})`)));
    lines.once("line", (line) => resolve(JSON.parse(line)));
  });
  return { child, ...started };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

const headersOf = (server: Server): Record<string, string> =>
  server.token ? { authorization: `Bearer ${server.token}` } : {};

const load = (server: Server, duration: number) =>
  autocannon({
    url: `http://127.0.0.1:${server.port}${PATH}`,
    headers: headersOf(server),
    connections,
    duration,
  });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const load1 = () => loadavg()[0]?.toFixed(2);

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const servers = new Map<Kind, Server>();
try {
  const database = await openPostgres(databaseUrl);
  const generation = performance.now();
  const counts = await generateOrders(database.db, new Date(), { days, ordersPerDay, clients: 1500 });
  await database.close();
  console.log(
    `generated ${counts.orders} orders, ${counts.positions} positions over ${days} days in ${(
      (performance.now() - generation) / 1000
    ).toFixed(0)} s; load average ${load1()}`,
  );

  for (const kind of KINDS) servers.set(kind, await start(kind, databaseUrl));
  const pages = await Promise.all(
    KINDS.map(async (kind) => {
      const server = servers.get(kind) as Server;
      const res = await fetch(`http://127.0.0.1:${server.port}${PATH}`, { headers: headersOf(server) });
      if (!res.ok) throw new Error(`${kind}: ${res.status} ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as { count: number; results: unknown[] };
    }),
  );
  const [app, reference] = pages;
  const same =
    JSON.stringify(app?.results) === JSON.stringify(reference?.results) && app?.count === reference?.count;
  console.log(
    `page: ${app?.results.length} of ${app?.count} orders; the app and the reference answer the same results: ${same}`,
  );

  for (const [, server] of servers) await load(server, 3); // warm-up: JIT, connections, prepared plans
  const perKind: Record<Kind, number[]> = { app: [], reference: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? KINDS : ([...KINDS].reverse() as Kind[]);
    const line: string[] = [];
    for (const kind of order) {
      const result = await load(servers.get(kind) as Server, seconds);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${kind}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      perKind[kind].push(result.requests.average);
      line.push(
        `${kind} ${result.requests.average.toFixed(0)} req/s (p50 ${result.latency.p50}, p99 ${result.latency.p99} ms)`,
      );
    }
    console.log(`round ${round + 1}: ${line.join(", ")} (load ${load1()})`);
  }
  const ratios = perKind.app.map((n, i) => n / (perKind.reference[i] ?? Number.NaN));
  console.log(
    `\nmedians: app ${median(perKind.app).toFixed(0)} req/s, one-statement reference ${median(perKind.reference).toFixed(0)} req/s`,
  );
  console.log(
    `app / reference: ${((100 * median(perKind.app)) / median(perKind.reference)).toFixed(1)} % (median of the rounds' own ratios ${(
      100 * median(ratios)
    ).toFixed(1)} %; target ≥ 80 %); load average at the end ${load1()}`,
  );
} finally {
  for (const [, { child }] of servers) await stop(child);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
