// `npm run bench:live-idle`: what the staff screens ask the server while nothing changes. The built app on the
// embedded database with the demo's data; the office's screens that read on a timer without the live stream
// (home, «Онлайн заказы», statistics, messages, claims, «Открытие маркета», settings) and the storehouse's
// «Сборка» on a phone, each in a tab of its own with its own stream; their API requests other than the stream
// counted over IDLE_WINDOW_S (65 s: past the longest timer, a minute), first with the streams live, then with
// every stream refused at the browser (the screens fall back to their timers) for comparison.
import { execSync } from "node:child_process";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../e2e/support/chromium.ts";
import { startBuiltApp } from "../../server/src/test/built-app.ts";
import { sleep } from "../lib/measure.ts";

const root = new URL("../..", import.meta.url).pathname;
const WINDOW_MS = Number(process.env.IDLE_WINDOW_S ?? 65) * 1000;
const ADMIN = { username: "bench", password: "bench-password-1" };
/** The demo's staff share the superuser's password (server/src/db/demo). */
const STOREHOUSE = { username: "storehouse", password: ADMIN.password };
const OFFICE_SCREENS = ["/", "/orders", "/statistics", "/messages", "/claims", "/opening", "/settings"];

if (!process.argv.includes("--no-build")) execSync("npm run build", { cwd: root, stdio: "inherit" });

const app = await startBuiltApp({
  SEED_DEMO: "1",
  LOG_LEVEL: "silent",
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
});
const browser = await launchChromium();

type Tab = { name: string; page: Page; requests: string[]; streams: number; since: number };

/** One tab a screen, signed in as `account`; each counts its API requests other than the stream. */
async function openScreens(
  browser: Browser,
  account: { username: string; password: string },
  paths: string[],
  { refuseStream, viewport }: { refuseStream: boolean; viewport: { width: number; height: number } },
): Promise<Tab[]> {
  const context = await browser.newContext({ baseURL: app.url, viewport, locale: "ru-RU" });
  if (refuseStream) await context.route("**/api/live/**", (route) => route.abort());
  const signIn = await context.newPage();
  await signIn.goto("/login");
  await signIn.getByLabel("Имя пользователя").fill(account.username);
  await signIn.getByLabel("Пароль").fill(account.password);
  await signIn.getByLabel("Пароль").press("Enter");
  await signIn.getByText("Вы успешно вошли в систему").waitFor({ timeout: 60_000 });
  await signIn.close();
  const tabs: Tab[] = [];
  for (const path of paths) {
    const page = await context.newPage();
    const tab: Tab = {
      name: `${account.username} ${path}`,
      page,
      requests: [],
      streams: 0,
      since: Date.now(),
    };
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith("/api/")) return;
      if (url.pathname === "/api/live/") tab.streams += 1;
      else
        tab.requests.push(
          `${request.method()} ${url.pathname}${url.search} at ${((Date.now() - tab.since) / 1000).toFixed(0)} s`,
        );
    });
    await page.goto(path);
    tabs.push(tab);
  }
  return tabs;
}

/** The tabs' requests over the window, counted from after their first reads (a few seconds with none). */
async function idle(tabs: Tab[]) {
  let seen = -1;
  while (seen !== tabs.reduce((n, t) => n + t.requests.length, 0)) {
    seen = tabs.reduce((n, t) => n + t.requests.length, 0);
    await sleep(3_000);
  }
  for (const tab of tabs) {
    tab.requests.length = 0;
    tab.streams = 0;
    tab.since = Date.now();
  }
  await sleep(WINDOW_MS);
  return tabs.map((t) => ({ name: t.name, requests: [...t.requests], streams: t.streams }));
}

try {
  for (const refuseStream of [false, true]) {
    const tabs = [
      ...(await openScreens(browser, ADMIN, OFFICE_SCREENS, {
        refuseStream,
        viewport: { width: 1440, height: 900 },
      })),
      ...(await openScreens(browser, STOREHOUSE, ["/orders"], {
        refuseStream,
        viewport: { width: 390, height: 844 },
      })),
    ];
    const counted = await idle(tabs);
    const total = counted.reduce((n, t) => n + t.requests.length, 0);
    console.log(
      `\n${refuseStream ? "streams refused (the timers)" : "streams live"}: ${total} API requests in ${WINDOW_MS / 1000} s over ${counted.length} tabs`,
    );
    for (const t of counted) {
      const said = t.requests.join(", ");
      console.log(
        `  ${t.name.padEnd(22)} ${String(t.requests.length).padStart(3)}${t.streams ? ` (stream opened again ×${t.streams})` : ""}${said ? `  ${said}` : ""}`,
      );
    }
    for (const tab of tabs) await tab.page.context().close();
  }
} finally {
  await browser.close();
  await app.close();
}
