// `npm run bench:backup`: builds the server, starts it on a fresh embedded database with the demo data (as
// the first `npm start` does), and measures what `npm run backup` costs the running server: the backup's
// duration and size, and `GET /api/health` latency before and while it is taken (the database is paused
// while PGlite copies its files). BENCH_BACKUPS backups are taken in a row.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sendCommand } from "../../server/src/backup/data-dir-claim.ts";

const root = new URL("../..", import.meta.url).pathname;
const runs = Number(process.env.BENCH_BACKUPS ?? 5);
const ms = (n: number) => `${n.toFixed(0)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

if (!process.argv.includes("--no-build"))
  execSync("npm run build -w server", { cwd: root, stdio: "inherit" });

const dataDir = mkdtempSync(join(tmpdir(), "bench-backup-"));
const url = `http://127.0.0.1:${await freePort()}`;
const server: ChildProcess = spawn(process.execPath, [join(root, "server/dist/main.js")], {
  cwd: root,
  env: {
    ...process.env,
    PORT: new URL(url).port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "1",
    BACKUP_DAILY: "0",
    LOG_LEVEL: "silent",
  },
  stdio: "ignore",
});

/** Health calls one after another until `until` settles. */
async function watch<T>(until: Promise<T>) {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    await fetch(`${url}/api/health`);
    latencies.push(performance.now() - started);
    await sleep(10);
  }
  return { result: await until, latencies };
}

try {
  for (let i = 0; ; i++) {
    if (i === 600) throw new Error("the server did not start");
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(200);
  }
  const idle = await watch(sleep(3000));
  console.log(
    `\nhealth alone: p50 ${ms(percentile(idle.latencies, 50))}, max ${ms(Math.max(...idle.latencies))}`,
  );
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const { result, latencies } = await watch(sendCommand(dataDir, "backup"));
    const took = performance.now() - started;
    if (!result || "error" in result) throw new Error(`backup failed: ${JSON.stringify(result)}`);
    const size = statSync(result.file).size / 1024 / 1024;
    console.log(
      `backup ${run + 1}: ${ms(took)}, ${size.toFixed(1)} MB; health meanwhile p50 ${ms(percentile(latencies, 50))}, max ${ms(Math.max(...latencies))}`,
    );
  }
  const pglite = execSync(`du -sm ${join(dataDir, "pglite")}`)
    .toString()
    .split("\t")[0];
  console.log(`data directory: ${pglite} MB`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
