// `npm run bench:metrics`: what the metrics cost a request. Two servers of the whole app on one scratch
// PostgreSQL database, one with metrics on (METRICS_PORT's registry, request hook and scrape-time gauges) and one
// with them off, are loaded in turns with `GET /api/health` and the Mini App's add (`POST /api/app/positions/`,
// clients' tokens in rotation so no client reaches its order-rate allowance). The runs alternate over many short
// rounds, the order rotating, so a burst of load from elsewhere on the shared machine falls on both alike; the
// metrics server is scraped once before each of its runs, as Prometheus would every 15 s. The median of each is
// compared, and beside it the server's CPU per request (from /proc), which the machine's other work hardly moves:
// on a shared, loaded machine the rates swing between runs far more than 5 %. The cost per request must stay under
// 5 %.
//
// BENCH_DATABASE_URL names the PostgreSQL server (a scratch database is created and dropped); METRICS_ROUNDS (8),
// METRICS_SECONDS (4), METRICS_CONNECTIONS (10), METRICS_CLIENTS (1000); for the in-process part METRICS_BLOCKS (20)
// and METRICS_BLOCK_REQUESTS (500), and METRICS_SWAP=1 to build each app on the other's database (a difference
// that follows the database, not the metrics, changes sides). Last, the instruments a request moves are timed
// alone: what metrics cost a request whatever the machine's load does to the rest.
import { type ChildProcess, spawn } from "node:child_process";
import { loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../../server/src/app.ts";
import { openPostgres } from "../../server/src/db/client.ts";
import { seedCurrency, seedModification } from "../../server/src/db/factories/catalogue.ts";
import { seedClient } from "../../server/src/db/factories/clients.ts";
import { marketSchedules } from "../../server/src/db/schema/index.ts";
import { systemClock } from "../../server/src/lib/clock.ts";
import { createMetrics } from "../../server/src/lib/metrics.ts";
import { launchData } from "../../server/src/test/launch-data.ts";
import { processCpuMs } from "../lib/cpu.ts";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const rounds = Number(process.env.METRICS_ROUNDS ?? 8);
const seconds = Number(process.env.METRICS_SECONDS ?? 4);
const connections = Number(process.env.METRICS_CONNECTIONS ?? 10);
const clientCount = Number(process.env.METRICS_CLIENTS ?? 1000);
const root = new URL("../..", import.meta.url).pathname;
const name = `bench_metrics_${process.pid}`;
const BOT_TOKEN = "424242:bench-metrics-bot-token";
const SECRET = "bench-metrics-secret-bench-metrics-secret-0123456789";
const MODIFICATIONS = 50;
const PRICE = 100;

const KINDS = ["on", "off"] as const;
type Kind = (typeof KINDS)[number];
const PATHS = ["health", "add"] as const;
type Path = (typeof PATHS)[number];
type Server = {
  child: ChildProcess;
  port: number;
  metricsUrl: string | null;
  tokens: string[];
  modifications: number[];
};

async function start(kind: Kind, databaseUrl: string): Promise<Omit<Server, "tokens" | "modifications">> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/metrics/server.ts", kind], {
    cwd: root,
    env: {
      ...process.env,
      METRICS_BENCH_DATABASE_URL: databaseUrl,
      METRICS_BENCH_BOT_TOKEN: BOT_TOKEN,
      METRICS_BENCH_SECRET: SECRET,
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const started = await new Promise<{ port: number; metricsUrl: string | null }>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${kind} server exited (${code})`)));
    lines.once("line", (line) => resolve(JSON.parse(line) as { port: number; metricsUrl: string | null }));
  });
  return { child, ...started };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** Clients who may order now with prices shown, and modifications with stock no bench run can exhaust. */
async function seed(databaseUrl: string): Promise<{ clients: number[]; modifications: number[] }> {
  const database = await openPostgres(databaseUrl, { max: 4 });
  try {
    const { db } = database;
    const currencyId = (await seedCurrency(db, { name: "Рубль", sign: "₽" })).id;
    await db.insert(marketSchedules).values({ name: "Бенчмарк", isManuallyOpened: true });
    const modifications: number[] = [];
    for (let i = 0; i < MODIFICATIONS; i++) {
      const mod = await seedModification(db, {
        quantity: 100_000_000,
        tiers: [{ currencyId, quantityFrom: 1, smallWholesale: PRICE, largeWholesale: PRICE }],
      });
      modifications.push(mod.id);
    }
    const telegramIds: number[] = [];
    for (let i = 0; i < clientCount; i++)
      telegramIds.push((await seedClient(db, { allowedPrice: true })).telegramId ?? 0);
    return { clients: telegramIds, modifications };
  } finally {
    await database.close();
  }
}

/** Each client's Mini App token, from its signed launch data. */
async function tokensOf(port: number, telegramIds: number[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const telegramId of telegramIds) {
    const res = await fetch(`http://127.0.0.1:${port}/api/app/session/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        init_data: launchData(telegramId, { botToken: BOT_TOKEN, authDate: new Date() }),
      }),
    });
    const body = (await res.json()) as { status: string; token?: string };
    if (body.status !== "client" || !body.token) throw new Error(`no session for ${telegramId}`);
    tokens.push(body.token);
  }
  return tokens;
}

async function run(
  path: Path,
  port: number,
  duration: number,
  tokens: string[],
  modifications: number[],
): Promise<autocannon.Result> {
  if (path === "health")
    return autocannon({ url: `http://127.0.0.1:${port}/api/health`, connections, duration });
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}/api/app/positions/`,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          const i = next++;
          return {
            ...request,
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${tokens[i % tokens.length]}`,
            },
            body: JSON.stringify({
              modification: modifications[i % modifications.length],
              quantity: 1,
              price_kopecks: PRICE * 100,
            }),
          };
        },
      },
    ],
  });
}

/**
 * The same two apps built in this one process (each on its own scratch database), called through `inject` in
 * alternating blocks, with this process's CPU per request: no network, no second process on another core, so
 * what differs between the two is the metrics alone. Over the rounds the machine's other work falls on both.
 */
async function inProcess(): Promise<void> {
  const blocks = Number(process.env.METRICS_BLOCKS ?? 20);
  const perBlock = Number(process.env.METRICS_BLOCK_REQUESTS ?? 500);
  const apps = new Map<
    Kind,
    { inject: (path: Path, i: number) => Promise<number>; close: () => Promise<void> }
  >();
  for (const kind of KINDS) {
    const url = new URL(serverUrl);
    const swapped = process.env.METRICS_SWAP === "1" ? (kind === "on" ? "off" : "on") : kind;
    url.pathname = `/${databaseOf(swapped)}`;
    const database = await openPostgres(url.toString());
    const app = await buildApp({
      db: database.db,
      clock: systemClock,
      jwtSecret: SECRET,
      webDist: null,
      telegramBotToken: BOT_TOKEN,
      metrics:
        kind === "on" ? { metrics: createMetrics(), listen: { port: 0, host: "127.0.0.1" } } : undefined,
    });
    await app.ready();
    const { tokens, modifications } = servers.get(swapped) ?? { tokens: [], modifications: [] };
    apps.set(kind, {
      inject: async (path, i) =>
        (path === "health"
          ? await app.inject({ method: "GET", url: "/api/health" })
          : await app.inject({
              method: "POST",
              url: "/api/app/positions/",
              headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
              payload: {
                modification: modifications[i % modifications.length],
                quantity: 1,
                price_kopecks: PRICE * 100,
              },
            })
        ).statusCode,
      close: async () => {
        await app.close();
        await database.close();
      },
    });
  }
  const cpu: Record<Path, Record<Kind, number[]>> = { health: { on: [], off: [] }, add: { on: [], off: [] } };
  let next = 0;
  try {
    for (let block = 0; block < blocks; block++) {
      const order = block % 2 === 0 ? KINDS : ([...KINDS].reverse() as Kind[]);
      for (const path of PATHS)
        for (const kind of order) {
          const app = apps.get(kind);
          if (!app) throw new Error(`no ${kind} app`);
          const started = process.cpuUsage();
          for (let i = 0; i < perBlock; i++) {
            const status = await app.inject(path, next++);
            if (status !== 200 && status !== 201) throw new Error(`${kind} ${path}: ${status}`);
          }
          const used = process.cpuUsage(started);
          cpu[path][kind].push((used.user + used.system) / perBlock);
        }
    }
  } finally {
    for (const [, app] of apps) await app.close();
  }
  console.log(
    `\nin one process through inject, ${blocks} alternating blocks of ${perBlock}: CPU µs a request`,
  );
  for (const path of PATHS) {
    const on = median(cpu[path].on);
    const off = median(cpu[path].off);
    console.log(
      `  ${path.padEnd(7)} on ${on.toFixed(1)}, off ${off.toFixed(1)}: cost ${(100 * (on / off - 1)).toFixed(1)} % (target < 5 %)`,
    );
  }
  console.log(`load average at the end: ${load()}`);
}

/** The calls metrics add to a request, timed alone: the duration's histogram, and an add's attempt counter. */
function instruments(): void {
  const metrics = createMetrics();
  const countAttempt = metrics.orderingAttempts("miniapp");
  const calls = 500_000;
  const time = (work: (i: number) => void) => {
    const started = process.cpuUsage();
    for (let i = 0; i < calls; i++) work(i);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / calls;
  };
  const routes = ["/api/health", "/api/app/positions/", "/api/sales/orders/:id/collect/"];
  const observe = (i: number) => metrics.observeRequest("GET", routes[i % 3], 200, 0.000_3);
  const count = (i: number) => countAttempt("add", i % 10 === 0 ? "price_changed" : null);
  for (const work of [observe, count]) time(work); // warm-up: JIT
  console.log(
    `\nthe instruments alone, ${calls.toLocaleString("en")} calls: a request's duration ${time(observe).toFixed(2)} µs, ` +
      `an add's attempt ${time(count).toFixed(2)} µs (load average ${load()})`,
  );
}

// Each server has a scratch database of its own, seeded alike: on one database, one server's adds would make the
// other's ordering cache read again (the stock changes it is told of) on its next run.
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const databaseOf = (kind: Kind) => `${name}_${kind}`;
const servers = new Map<Kind, Server>();
try {
  console.log(
    `${rounds} rounds × ${seconds} s per server and path, ${connections} connections, ${clientCount} clients; ` +
      `load average ${load()}`,
  );
  for (const kind of KINDS) {
    await admin.query(`create database ${databaseOf(kind)}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseOf(kind)}`;
    const { clients, modifications } = await seed(url.toString());
    const server = await start(kind, url.toString());
    servers.set(kind, { ...server, modifications, tokens: await tokensOf(server.port, clients) });
  }
  const on = servers.get("on");
  if (!on?.metricsUrl || !servers.get("off")) throw new Error("the servers did not start as asked");
  for (const [, server] of servers)
    for (const path of PATHS) await run(path, server.port, 2, server.tokens, server.modifications); // warm-up

  const rates: Record<Path, Record<Kind, number[]>> = {
    health: { on: [], off: [] },
    add: { on: [], off: [] },
  };
  /** The server's CPU microseconds per request of each run. */
  const cpu: Record<Path, Record<Kind, number[]>> = {
    health: { on: [], off: [] },
    add: { on: [], off: [] },
  };
  let refused = 0;
  let answered = 0;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? KINDS : ([...KINDS].reverse() as Kind[]);
    const line: string[] = [];
    for (const path of PATHS) {
      for (const kind of order) {
        if (kind === "on") {
          const scrape = await fetch(on.metricsUrl);
          if (scrape.status !== 200) throw new Error(`scrape answered ${scrape.status}`);
          await scrape.text();
        }
        const pid = servers.get(kind)?.child.pid ?? 0;
        const cpuBefore = processCpuMs(pid);
        const server = servers.get(kind);
        if (!server) throw new Error(`no ${kind} server`);
        const result = await run(path, server.port, seconds, server.tokens, server.modifications);
        const cpuUs = (1000 * (processCpuMs(pid) - cpuBefore)) / Math.max(1, result.requests.total);
        cpu[path][kind].push(cpuUs);
        if (result.errors > 0 || (path === "health" && result.non2xx > 0))
          throw new Error(`${kind} ${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        if (path === "add") {
          refused += result.non2xx;
          answered += result.requests.total;
        }
        rates[path][kind].push(result.requests.average);
        line.push(`${path} ${kind} ${result.requests.average.toFixed(0)} (${cpuUs.toFixed(0)} µs)`);
      }
    }
    console.log(
      `round ${String(round + 1).padStart(2)}: ${line.join(", ")} req/s (server CPU a request) (load ${loadavg()[0]?.toFixed(2)})`,
    );
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  console.log("\nmedians (req/s) and the cost of metrics:");
  for (const path of PATHS) {
    const withMetrics = median(rates[path].on);
    const without = median(rates[path].off);
    const ownRatios = rates[path].on.map((n, i) => n / (rates[path].off[i] ?? Number.NaN));
    console.log(
      `  ${path.padEnd(7)} on ${withMetrics.toFixed(0)}, off ${without.toFixed(0)}: cost ${(
        100 * (1 - withMetrics / without)
      ).toFixed(
        1,
      )} % (median of the rounds' own ratios ${(100 * (1 - median(ownRatios))).toFixed(1)} %; target < 5 %)`,
    );
  }
  console.log("\nserver CPU per request (µs), medians, and the cost of metrics:");
  for (const path of PATHS) {
    const withMetrics = median(cpu[path].on);
    const without = median(cpu[path].off);
    console.log(
      `  ${path.padEnd(7)} on ${withMetrics.toFixed(0)}, off ${without.toFixed(0)}: cost ${(
        100 * (withMetrics / without - 1)
      ).toFixed(1)} % (means ${mean(cpu[path].on).toFixed(0)} and ${mean(cpu[path].off).toFixed(0)}: ${(
        100 * (mean(cpu[path].on) / mean(cpu[path].off) - 1)
      ).toFixed(1)} %; target < 5 %)`,
    );
  }
  console.log(`adds refused (409, the order-rate allowance or stock): ${refused} of ${answered}`);
  await inProcess();
  instruments();
  console.log(`load average at the end: ${load()}`);
} finally {
  for (const [, { child }] of servers) await stop(child);
  for (const kind of KINDS) await admin.query(`drop database if exists ${databaseOf(kind)} with (force)`);
  await admin.end();
}
