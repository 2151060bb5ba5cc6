// `npm run bench:big-writes`: builds the server, starts it as `npm start` does (embedded PGlite, demo data) with
// the bot's delivery worker sending to a fake Bot API in another process, and measures `GET /api/health`,
// called one request after another, while the server takes big writes: a 9.9 MB message photo sent to the demo
// clients (stored, then read by the delivery worker and uploaded once), and a 20,000-row offers file (new
// modifications, then the same file again: nothing to change). The budget: health p99 ≤ 500 ms during
// both, judged here on the slowest call (calls go one after another, so a stall is a single slow call).
// BIG_WRITES_ROUNDS (3) rounds of each; BIG_WRITES_SERVER runs another build's main.js (an older commit's, for a
// before-and-after on the same machine). Linux only (/proc for memory).
import { execSync, fork } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import ExcelJS from "exceljs";
import { BUILT_MAIN, startBuiltApp } from "../../server/src/test/built-app.ts";
import { pngDeclaring } from "../../server/src/test/images.ts";
import { healthWhile, percentile, rssMb, signIn, sleep } from "../lib/measure.ts";

const root = new URL("../..", import.meta.url).pathname;
const rounds = Number(process.env.BIG_WRITES_ROUNDS ?? 3);
const serverMain = process.env.BIG_WRITES_SERVER ?? BUILT_MAIN;
const ADMIN = { username: "bench", password: "bench-password-1" };
const PHOTO_BYTES = Math.round(9.9 * 1024 * 1024);
const OFFERS_ROWS = 20_000;
const BUDGET_MS = 500;

const ms = (n: number) => `${n.toFixed(0)} ms`;
const load = () => loadavg()[0]?.toFixed(1);

if (!process.argv.includes("--no-build") && !process.env.BIG_WRITES_SERVER)
  execSync("npm run build -w server", { cwd: root, stdio: "inherit" });

// The fake Bot API answers in its own process: taking a 10 MB upload must not slow the health calls measured.
const fakeProcess = fork(join(root, "bench/messaging/fake-api-process.ts"), {
  execArgv: ["--import", "tsx"],
});
const fake = await new Promise<{ apiRoot: string; token: string }>((resolve) =>
  fakeProcess.once("message", (m) => resolve(m as { apiRoot: string; token: string })),
);

const server = await startBuiltApp(
  {
    SEED_DEMO: "1",
    BACKUP_DAILY: "0",
    LOG_LEVEL: "silent",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
  },
  { main: serverMain },
).catch((error: unknown) => {
  fakeProcess.send("close");
  throw error;
});
const { url, pid } = server;
const watch = <T>(until: Promise<T>) => healthWhile(url, until, pid);

const summary = (latencies: number[]) =>
  `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (${latencies.length} calls)`;

try {
  const token = await signIn(url, ADMIN);
  const authorization = `Bearer ${token}`;

  const idle = await watch(sleep(3000));
  const baseline = rssMb(pid);
  console.log(`load average ${load()}; server RSS at rest ${baseline.toFixed(0)} MB`);
  console.log(`health alone: ${summary(idle.latencies)}`);

  const photo = Buffer.alloc(PHOTO_BYTES);
  for (let i = 0; i < photo.length; i++) photo[i] = (i * 7919) & 255;
  pngDeclaring(1280, 960).copy(photo);

  /** Sends the photo to every demo client, then waits until its first send (the upload) is recorded. */
  async function broadcast(round: number) {
    const started = performance.now();
    const form = new FormData();
    form.append("text", `Большое фото ${round}`);
    form.append("photo", new Blob([photo]), "photo.png");
    const res = await fetch(`${url}/api/messaging/to-clients/`, {
      method: "POST",
      headers: { authorization },
      body: form,
    });
    const message = (await res.json()) as { id: number; recipients: number };
    if (res.status !== 201) throw new Error(`the photo was answered ${res.status}`);
    const stored = performance.now() - started;
    for (;;) {
      const sent = (await (
        await fetch(`${url}/api/messaging/to-clients/${message.id}/`, { headers: { authorization } })
      ).json()) as { delivered: number };
      if (sent.delivered > 0) break;
      await sleep(100);
    }
    return { stored, uploaded: performance.now() - started, recipients: message.recipients };
  }

  const photoHealth: number[] = [];
  let photoPeak = baseline;
  console.log(`\n${(PHOTO_BYTES / 1024 / 1024).toFixed(1)} MB photo, ${rounds} rounds (load ${load()}):`);
  for (let round = 1; round <= rounds; round++) {
    const watched = await watch(broadcast(round));
    photoHealth.push(...watched.latencies);
    photoPeak = Math.max(photoPeak, watched.peak);
    console.log(
      `  round ${round}: stored (201) in ${ms(watched.result.stored)}, first upload recorded after ${ms(watched.result.uploaded)} (${watched.result.recipients} recipients); health ${summary(watched.latencies)}`,
    );
  }
  console.log(
    `  health meanwhile: ${summary(photoHealth)}; RSS peak +${(photoPeak - baseline).toFixed(0)} MB`,
  );

  const currencies = (await (
    await fetch(`${url}/api/storehouse/currencies/`, { headers: { authorization } })
  ).json()) as { name: string }[];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Предложения");
  sheet.addRow(["Брэнд", "Продукт", "Модификация", "Количество", "От", "Малый опт", "Крупный опт", "Валюта"]);
  // Rows of a product scattered through the file, as a sheet sorted by modification has them.
  for (let i = 0; i < OFFERS_ROWS; i++)
    sheet.addRow([
      `Брэнд ${i % 20}`,
      `Продукт ${i % 500}`,
      `Модификация ${i}`,
      5,
      1,
      100,
      90,
      currencies[0]?.name,
    ]);
  const offers = Buffer.from(await workbook.xlsx.writeBuffer());

  const upload = async () => {
    const form = new FormData();
    form.append("file", new Blob([offers]), "offers.xlsx");
    const started = performance.now();
    const res = await fetch(`${url}/api/storehouse/offers/file/`, {
      method: "POST",
      headers: { authorization },
      body: form,
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200)
      throw new Error(`the offers file was answered ${res.status}: ${JSON.stringify(body)}`);
    return { body, ms: performance.now() - started };
  };

  const importHealth: number[] = [];
  console.log(
    `\n${OFFERS_ROWS.toLocaleString("en")}-row offers file (${(offers.length / 1024).toFixed(0)} KB), ${rounds} rounds (load ${load()}):`,
  );
  for (let round = 1; round <= rounds; round++) {
    const watched = await watch(upload());
    importHealth.push(...watched.latencies);
    console.log(
      `  round ${round}: ${JSON.stringify(watched.result.body)} in ${ms(watched.result.ms)}; health ${summary(watched.latencies)}`,
    );
  }
  console.log(`  health meanwhile: ${summary(importHealth)}`);

  // Calls go one after another, so a stall is one slow call among hundreds: p99 alone would hide it.
  const worst = Math.max(...photoHealth, ...importHealth);
  console.log(
    `\nslowest health call during the photo and the import: ${ms(worst)} (budget: p99 ≤ ${BUDGET_MS} ms, every call here: ${worst <= BUDGET_MS ? "met" : "NOT met"}); load average at the end ${load()}`,
  );
} finally {
  await server.close();
  fakeProcess.send("close");
}
