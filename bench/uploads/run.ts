// `npm run bench:uploads`: builds the server, starts it (embedded PGlite, as `npm start` runs it) and
// measures what crafted offers files cost it: every upload's answer time, the server's resident memory
// (worker threads included) and `GET /api/health` latency, first alone, then while three bombs upload at
// once, round after round. Then a legitimate 20,000-row file for comparison. Linux only (/proc for memory).
import { execSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import ExcelJS from "exceljs";
import { startBuiltApp } from "../../server/src/test/built-app.ts";
import { type XlsxBomb, xlsxBombs } from "../../server/src/test/xlsx-bombs.ts";
import { healthWhile, percentile, rssMb, signIn, sleep } from "../lib/measure.ts";

const root = new URL("../..", import.meta.url).pathname;
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const HEADER = ["Брэнд", "Продукт", "Модификация", "Количество", "От", "Малый опт", "Крупный опт", "Валюта"];
const ADMIN = { username: "bench", password: "bench-password-1" };

const ms = (n: number) => `${n.toFixed(0)} ms`;

if (!process.argv.includes("--no-build"))
  execSync("npm run build -w server", { cwd: root, stdio: "inherit" });

const server = await startBuiltApp({
  SEED_DEMO: "0",
  LOG_LEVEL: "silent",
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
});
const { url, pid } = server;

try {
  const token = await signIn(url, ADMIN);

  const upload = async (data: Buffer) => {
    const form = new FormData();
    form.append("file", new Blob([data]), "offers.xlsx");
    const started = performance.now();
    const res = await fetch(`${url}/api/storehouse/offers/file/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { detail?: string };
    return { status: res.status, detail: body.detail, ms: performance.now() - started };
  };

  const watch = <T>(until: Promise<T>) => healthWhile(url, until, pid);

  const bombs = await xlsxBombs(HEADER);
  const names = Object.keys(bombs) as XlsxBomb[];
  // One warm-up upload: the first worker and the first request pay for loading code.
  await upload(bombs.dimension);

  const idle = await watch(sleep(3000));
  const baseline = rssMb(pid);
  console.log(`\nserver RSS at rest ${baseline.toFixed(0)} MB`);
  console.log(
    `health alone: p50 ${ms(percentile(idle.latencies, 50))}, p99 ${ms(percentile(idle.latencies, 99))}, max ${ms(Math.max(...idle.latencies))} (${idle.latencies.length} calls)`,
  );

  const health: number[] = [];
  const answers: { name: XlsxBomb; status: number; ms: number; detail?: string }[] = [];
  let peak = baseline;
  for (let round = 0; round < rounds; round++) {
    const group = [0, 1, 2].map((i) => names[(round * 3 + i) % names.length] as XlsxBomb);
    const watched = await watch(
      Promise.all(group.map(async (name) => ({ name, ...(await upload(bombs[name])) }))),
    );
    health.push(...watched.latencies);
    answers.push(...watched.result);
    peak = Math.max(peak, watched.peak);
  }
  console.log(`\n${rounds} rounds of three bombs uploaded at once (${answers.length} uploads):`);
  for (const name of names) {
    const times = answers.filter((a) => a.name === name);
    const first = times[0];
    console.log(
      `  ${name.padEnd(18)} ${String(bombs[name].length).padStart(7)} B  answered ${first?.status} in max ${ms(Math.max(...times.map((a) => a.ms)))}  «${first?.detail}»`,
    );
  }
  console.log(`  slowest answer: ${ms(Math.max(...answers.map((a) => a.ms)))}`);
  console.log(`  server RSS peak ${peak.toFixed(0)} MB: +${(peak - baseline).toFixed(0)} MB over rest`);
  console.log(
    `  health meanwhile: p50 ${ms(percentile(health, 50))}, p99 ${ms(percentile(health, 99))}, max ${ms(Math.max(...health))} (${health.length} calls)`,
  );

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Предложения");
  sheet.addRow(HEADER);
  for (let i = 0; i < 20_000; i++)
    sheet.addRow(["Брэнд", `Продукт ${i % 500}`, `Модификация ${i}`, 5, 1, 100, 90, "Рубль"]);
  const legit = Buffer.from(await workbook.xlsx.writeBuffer());
  const legitRead = await watch(upload(legit));
  console.log(
    `\na 20,000-row file (${(legit.length / 1024).toFixed(0)} KB, no currency in this database, so every row is refused after reading): ${legitRead.result.status} in ${ms(legitRead.result.ms)}, RSS +${(legitRead.peak - baseline).toFixed(0)} MB`,
  );
} finally {
  await server.close();
}
