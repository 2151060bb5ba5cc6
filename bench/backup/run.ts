// `npm run bench:backup`: builds the server, starts it on a fresh embedded database with the demo data (as
// the first `npm start` does), and measures what `npm run backup` costs the running server: the backup's
// duration and size, and `GET /api/health` latency before and while it is taken (the database is paused
// while PGlite copies its files). BENCH_BACKUPS backups are taken in a row.
import { execSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sendCommand } from "../../server/src/backup/data-dir-claim.ts";
import { startBuiltApp } from "../../server/src/test/built-app.ts";
import { healthWhile, percentile, sleep } from "../lib/measure.ts";

const root = new URL("../..", import.meta.url).pathname;
const runs = Number(process.env.BENCH_BACKUPS ?? 5);
const ms = (n: number) => `${n.toFixed(0)} ms`;

if (!process.argv.includes("--no-build"))
  execSync("npm run build -w server", { cwd: root, stdio: "inherit" });

const server = await startBuiltApp({ SEED_DEMO: "1", BACKUP_DAILY: "0", LOG_LEVEL: "silent" });
const { url, dataDir } = server;
const watch = <T>(until: Promise<T>) => healthWhile(url, until);

try {
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
  await server.close();
}
