// `npm run bench:web`: builds the web app and the server, then prints what the login screen costs a
// browser: the initial JavaScript (entry and its preloaded chunks) plain, gzip and brotli, the bytes a cold
// load of /login transfers in Chromium from the built app (compressed as the server sends them), and the
// largest contentful paint of a cold load on a slow line (1.6 Mbit/s, 150 ms); then the same for the Telegram
// Mini App's page, opened as Telegram opens it for a client on an open market (its session and catalogue calls
// included), with the app's bot on a fake Bot API.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { launchChromium } from "../../e2e/support/chromium.ts";
import { startBuiltApp } from "../../server/src/test/built-app.ts";
import { startFakeBotApi } from "../../server/src/test/fake-bot-api.ts";
import { launchData } from "../../server/src/test/launch-data.ts";
import { demoClientOnOpenMarket, launchHash } from "../../server/src/test/miniapp-launch.ts";
import { signIn } from "../lib/measure.ts";

const root = new URL("../..", import.meta.url).pathname;
const dist = join(root, "web/dist");
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

if (!process.argv.includes("--no-build")) {
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}

// The JavaScript the page asks for before anything runs: the entry script and its modulepreloads.
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : Number.NaN);
const rows = initial.map((asset) => {
  const file = join(dist, asset);
  // Assets under 1 kB have no compressed copies (web/vite-precompress.ts): the server sends them plain.
  const compressed = (suffix: string) =>
    existsSync(`${file}${suffix}`) ? sizeOf(`${file}${suffix}`) : sizeOf(file);
  return { asset, plain: sizeOf(file), gzip: compressed(".gz"), brotli: compressed(".br") };
});
const total = rows.reduce(
  (t, r) => ({ plain: t.plain + r.plain, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }),
  {
    plain: 0,
    gzip: 0,
    brotli: 0,
  },
);
console.log("\nInitial JavaScript of the login screen:");
for (const r of rows)
  console.log(
    `  ${r.asset.padEnd(34)} ${kB(r.plain).padStart(9)} plain ${kB(r.gzip).padStart(9)} gzip ${kB(r.brotli).padStart(9)} br`,
  );
console.log(
  `  ${"total".padEnd(34)} ${kB(total.plain).padStart(9)} plain ${kB(total.gzip).padStart(9)} gzip ${kB(total.brotli).padStart(9)} br`,
);

const ADMIN = { username: "bench", password: "bench-password-1" };

/** The built app on the embedded database with the demo's data, its bot polling `botApi` (never Telegram). */
const startApp = (botApi: { token: string; apiRoot: string }) =>
  startBuiltApp({
    SEED_DEMO: "1",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "silent",
    TELEGRAM_BOT_TOKEN: botApi.token,
    TELEGRAM_API_ROOT: botApi.apiRoot,
  });

/** The slow line of the Core Web Vitals budget: LCP ≤ 2.5 s on it. */
const LINE = { label: "1.6 Mbit/s, 150 ms", latency: 150, download: 1_600_000 / 8, upload: 750_000 / 8 };
const RUNS = 5;
const ms = (n: number) => `${Math.round(n)} ms`;

/** What shows that a page is ready for its user. */
type Ready = (page: Page) => Locator;
const signInForm: Ready = (page) => page.getByRole("button", { name: "Войти" });

/**
 * One load on the slow line: the largest contentful paint, and when `ready` is on screen. Cold (the cache
 * disabled) unless `warm`: then the page is loaded once and measured on a reload, its assets from the cache.
 * With `token` the page is opened signed in, as a reload by someone who signed in before.
 */
async function throttledLoad(
  browser: Browser,
  url: string,
  ready: Ready = signInForm,
  { token, warm = false }: { token?: string; warm?: boolean } = {},
): Promise<{ lcp: number; usable: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: !warm });
  if (token) await page.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  if (warm) {
    await page.goto(url);
    await ready(page).first().waitFor();
  }
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LINE.latency,
    downloadThroughput: LINE.download,
    uploadThroughput: LINE.upload,
  });
  // A string, not a function: this bench compiles without the DOM's types.
  await page.addInitScript(`window.lcp = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.lcp = e.startTime; })
      .observe({ type: "largest-contentful-paint", buffered: true });`);
  if (warm) await page.reload();
  else await page.goto(url);
  await ready(page).first().waitFor();
  const usable = await page.evaluate(() => performance.now());
  // LCP is final once the page is interacted with or hidden; a short wait lets the last candidate land.
  await page.waitForTimeout(500);
  const lcp = Number(await page.evaluate("window.lcp"));
  await context.close();
  return { lcp, usable };
}

/** The Mini App's launch URL for a demo client who may order now with prices shown. */
async function miniAppLaunch(url: string, botToken: string): Promise<string> {
  const access = await signIn(url, ADMIN);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { client } = await demoClientOnOpenMarket(call, "Замер мини-приложения");
  // Signed as Telegram signs it when the client opens the Mini App; valid 24 h, so every load below reuses it.
  const initData = launchData(client.telegram_id ?? 0, { botToken, authDate: new Date() });
  return `${url}/app/#${launchHash(initData)}`;
}

const botApi = await startFakeBotApi();
const app = await startApp(botApi);
const { url } = app;
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const byType: Record<string, number> = {};
  const types = new Map<string, string>();
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    const type = types.get(e.requestId) ?? "Other";
    byType[type] = (byType[type] ?? 0) + e.encodedDataLength;
  });
  await page.goto(`${url}/login`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: "Вход" }).waitFor();
  const transferred = Object.values(byType).reduce((a, b) => a + b, 0);
  console.log(`\nCold load of /login in Chromium (headers included): ${kB(transferred)} transferred`);
  for (const [type, bytes] of Object.entries(byType).sort((a, b) => b[1] - a[1]))
    console.log(`  ${type.padEnd(12)} ${kB(bytes)}`);
  console.log(`\nCold /login on a ${LINE.label} line (cache disabled), median of ${RUNS} loads:`);
  const runs: { lcp: number; usable: number }[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await throttledLoad(browser, `${url}/login`));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  console.log(
    `  LCP ${ms(median(runs.map((r) => r.lcp)))}, usable (the «Войти» button on screen) ${ms(median(runs.map((r) => r.usable)))}`,
  );
  console.log(`  each: ${runs.map((r) => `${ms(r.lcp)}/${ms(r.usable)}`).join(", ")}`);

  // The Telegram Mini App's page, cold, without launch data (its screen asking to open it from Telegram): the
  // cost of its own bundle on the same line, before the session and catalogue calls a real launch adds.
  const appRuns: { lcp: number; usable: number }[] = [];
  for (let i = 0; i < RUNS; i++)
    appRuns.push(
      await throttledLoad(browser, `${url}/app/`, (page) =>
        page.getByRole("heading", { name: "Откройте каталог в Telegram" }),
      ),
    );
  console.log(`\nCold /app/ (the Mini App's page) on the same line, median of ${RUNS} loads:`);
  console.log(
    `  LCP ${ms(median(appRuns.map((r) => r.lcp)))}, its first screen shown ${ms(median(appRuns.map((r) => r.usable)))}`,
  );
  console.log(`  each: ${appRuns.map((r) => `${ms(r.lcp)}/${ms(r.usable)}`).join(", ")}`);

  // Opened from Telegram by a client on an open market: the page, its session call and the catalogue's first page.
  const launch = await miniAppLaunch(url, botApi.token);
  const launchRuns: { lcp: number; usable: number }[] = [];
  for (let i = 0; i < RUNS; i++)
    launchRuns.push(
      await throttledLoad(browser, launch, (page) => page.getByRole("button", { name: "Добавить" })),
    );
  console.log(
    `\nThe Mini App opened from Telegram (session and catalogue included), median of ${RUNS} loads:`,
  );
  console.log(
    `  LCP ${ms(median(launchRuns.map((r) => r.lcp)))}, the catalogue's first «Добавить» on screen ${ms(median(launchRuns.map((r) => r.usable)))}`,
  );
  console.log(`  each: ${launchRuns.map((r) => `${ms(r.lcp)}/${ms(r.usable)}`).join(", ")}`);

  // Someone who signed in before opens a screen again (a reload, a bookmark, a storehouse phone woken up): the
  // session's check, the signed-in frame, the section and its first rows; cold, then with the assets cached.
  const token = await signIn(url, ADMIN);
  const clientRows: Ready = (page) => page.getByRole("table", { name: "Клиенты" }).locator("tbody tr");
  for (const warm of [false, true]) {
    const signedInRuns: { lcp: number; usable: number }[] = [];
    for (let i = 0; i < RUNS; i++)
      signedInRuns.push(await throttledLoad(browser, `${url}/clients`, clientRows, { token, warm }));
    console.log(
      `\n/clients opened signed in (${warm ? "assets cached" : "cache disabled"}), median of ${RUNS} loads:`,
    );
    console.log(
      `  LCP ${ms(median(signedInRuns.map((r) => r.lcp)))}, the first client's row on screen ${ms(median(signedInRuns.map((r) => r.usable)))}`,
    );
    console.log(`  each: ${signedInRuns.map((r) => `${ms(r.lcp)}/${ms(r.usable)}`).join(", ")}`);
  }
} finally {
  await browser.close();
  await app.close();
  await botApi.close();
}
