// `npm run bench:health`: the per-request tax. Runs, side by side in one run against the machine's
// PostgreSQL, the app's `GET /api/health` (the whole buildApp: hooks, auth, security headers, activity log,
// response schema, its database check `show transaction_read_only` through the preparing pool) and two
// references answering the same JSON after the same statement: bare Fastify with a pg pool, and bare node:http
// with a pg pool. Each server runs in its own process; autocannon loads it from this one. The kinds take turns
// over many short rounds so that a burst of load from elsewhere on the machine falls on all of them; the median
// of each is compared.
//
// BENCH_DATABASE_URL names the server (a scratch database is created and dropped); HEALTH_ROUNDS (10),
// HEALTH_SECONDS (3), HEALTH_CONNECTIONS (10). HEALTH_PROFILE=<dir> runs the app with `node --cpu-prof` there.
import { type ChildProcess, spawn } from "node:child_process";
import { loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import pg from "pg";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const rounds = Number(process.env.HEALTH_ROUNDS ?? 10);
const seconds = Number(process.env.HEALTH_SECONDS ?? 3);
const connections = Number(process.env.HEALTH_CONNECTIONS ?? 10);
const profileDir = process.env.HEALTH_PROFILE;
const root = new URL("../..", import.meta.url).pathname;
const name = `bench_health_${process.pid}`;

const KINDS = ["app", "fastify", "http"] as const;
type Kind = (typeof KINDS)[number];
const LABEL: Record<Kind, string> = {
  app: "app /api/health",
  fastify: "bare Fastify + the same check",
  http: "bare node:http + the same check",
};

async function start(kind: Kind, databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const flags = kind === "app" && profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "bench/health/server.ts", kind], {
    cwd: root,
    env: { ...process.env, HEALTH_DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${kind} server exited (${code})`)));
    lines.once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  return { child, port };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function load(port: number, duration: number): Promise<autocannon.Result> {
  return autocannon({ url: `http://127.0.0.1:${port}/api/health`, connections, duration });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const perKind: Record<Kind, number[]> = { app: [], fastify: [], http: [] };
const servers = new Map<Kind, { child: ChildProcess; port: number }>();
try {
  console.log(
    `${rounds} rounds × ${seconds} s per server, ${connections} connections; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  // The app first, alone: its migrations create the tables before the others connect.
  for (const kind of KINDS) servers.set(kind, await start(kind, databaseUrl));
  for (const [, { port }] of servers) await load(port, 3); // warm-up: JIT, connections, prepared plans
  for (let round = 0; round < rounds; round++) {
    // All three stay up (idle when not loaded) and take turns in short runs, the order rotating, so a burst
    // of load from elsewhere on the machine falls on each of them alike.
    const order = KINDS.map((_, i) => KINDS[(i + round) % KINDS.length] as Kind);
    const line: string[] = [];
    for (const kind of order) {
      const result = await load(servers.get(kind)?.port ?? 0, seconds);
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${kind}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      perKind[kind].push(result.requests.average);
      line.push(`${kind} ${result.requests.average.toFixed(0)}`);
    }
    console.log(
      `round ${String(round + 1).padStart(2)}: ${line.join(", ")} req/s (load ${loadavg()[0]?.toFixed(2)})`,
    );
  }
  const app = median(perKind.app);
  const fastify = median(perKind.fastify);
  const http = median(perKind.http);
  const ratios = perKind.app.map((n, i) => n / (perKind.fastify[i] ?? Number.NaN));
  console.log("\nmedians:");
  for (const kind of KINDS)
    console.log(`  ${LABEL[kind].padEnd(26)} ${median(perKind[kind]).toFixed(0)} req/s`);
  console.log(
    `app / bare Fastify:   ${((100 * app) / fastify).toFixed(1)} % (median of the rounds' own ratios ${(
      100 * median(ratios)
    ).toFixed(1)} %; target ≥ 85 %)`,
  );
  console.log(`app / bare node:http: ${((100 * app) / http).toFixed(1)} %`);
  console.log(
    `load average at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
} finally {
  for (const [, { child }] of servers) await stop(child);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
