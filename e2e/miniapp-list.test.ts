import {
  positionName,
  type TClient,
  type TMarketSchedule,
  type TMiniAppCatalogue,
  type TMiniAppItem,
  type TMiniAppSession,
  type TOrderPage,
} from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchData } from "../server/src/test/launch-data.ts";
import { launchHash } from "../server/src/test/miniapp-launch.ts";
import { apiCall, apiToken, openPage } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN } from "./support/constants.ts";

/**
 * «Список к открытию» in the Mini App as Telegram opens it: a list prepared while the market is closed,
 * sent with one tap once staff open it, answered line by line and found in the staff orders list; «Повторить
 * заказ» on yesterday's order. MINIAPP_SHOTS=<folder> keeps pictures of the list, the answer and the history
 * in the light and the dark theme, at a phone's 390 px.
 */
let browser: Browser;
let page: Page;
let token: string;
let client: TClient;
let schedule: TMarketSchedule;
let switchedOff: TMarketSchedule[] = [];
let yesterday: string;
let yesterdayOrder: TOrderPage["results"][number];

const call = <T>(method: string, path: string, body?: unknown, bearer = token) =>
  apiCall<T>(bearer, method, path, body);

const failures: string[] = [];
const initData = () =>
  launchData(client.telegram_id ?? 0, { botToken: inject("botToken"), authDate: new Date() });
const moscowDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(at);
const dayWords = (day: string) =>
  new Intl.DateTimeFormat("ru-RU", { timeZone: "UTC", day: "numeric", month: "long" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Telegram's dark theme, as its clients pass it: the page's colours come from these variables alone. */
const DARK = {
  bg_color: "#17212b",
  text_color: "#f5f5f5",
  hint_color: "#708499",
  link_color: "#6ab3f3",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#232e3c",
  destructive_text_color: "#ec3942",
};
/** `fullPage` false for the catalogue: its rows fill a page thousands of pixels long. */
async function shots(name: string, fullPage = true) {
  const folder = process.env.MINIAPP_SHOTS;
  if (!folder) return;
  await page.screenshot({ path: `${folder}/${name}-light.png`, fullPage });
  await page.evaluate((theme) => {
    for (const [key, colour] of Object.entries(theme))
      document.documentElement.style.setProperty(`--tg-${key.replaceAll("_", "-")}`, colour);
  }, DARK);
  await page.screenshot({ path: `${folder}/${name}-dark.png`, fullPage });
  await page.evaluate((keys) => {
    for (const key of keys) document.documentElement.style.removeProperty(`--tg-${key.replaceAll("_", "-")}`);
  }, Object.keys(DARK));
}

const nav = (name: RegExp | string) =>
  page.getByRole("navigation", { name: "Разделы" }).getByRole("button", { name });

beforeAll(async () => {
  browser = await launchChromium();
  page = await openPage(browser, { width: 390, height: 760 });
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  token = await apiToken(ADMIN);

  // A client who ordered yesterday (the demo has 30 days of orders) and whom the Mini App can open as.
  yesterday = moscowDay(new Date(Date.now() - 86_400_000));
  const { results: clients } = await call<{ results: TClient[] }>(
    "GET",
    "/profiles/clients/?tab=active&limit=200",
  );
  const { results: orders } = await call<TOrderPage>(
    "GET",
    `/sales/orders/?opened_at=${yesterday}&limit=200`,
  );
  const fits = (c: TClient | undefined) =>
    c && c.telegram_id !== null && c.client_type !== null && !c.offline;
  const found = orders.find((o) => o.positions.length > 1 && fits(clients.find((c) => c.id === o.client.id)));
  if (!found) throw new Error(`no demo client with an order on ${yesterday}`);
  yesterdayOrder = found;

  // Only a schedule of the client's own decides their market: closed until the test opens it.
  const { results: schedules } = await call<{ results: TMarketSchedule[] }>(
    "GET",
    "/storehouse/market-schedules/",
  );
  switchedOff = schedules.filter((s) => s.is_active);
  for (const s of switchedOff)
    await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: false });
  client = await call<TClient>("PUT", `/profiles/clients/${found.client.id}/`, {
    allowed_price: true,
    accessrules: { all_prices: [], banned_brands: [], total_limit: null },
  });
  schedule = await call<TMarketSchedule>("POST", "/storehouse/market-schedules/", {
    name: "E2E Список к открытию",
    clients: [client.id],
  });
  await call("POST", `/storehouse/market-schedules/${schedule.id}/close_market/`);
});
afterAll(async () => {
  if (schedule) await call("DELETE", `/storehouse/market-schedules/${schedule.id}/`);
  for (const s of switchedOff)
    await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: true });
  await browser?.close();
});

it("prepares a list while the market is closed, sends it with one tap at the opening: each line answered, the positions in the staff orders", async () => {
  const session = await call<TMiniAppSession>("POST", "/app/session/", { init_data: initData() });
  if (session.status !== "client") throw new Error(`no session: ${JSON.stringify(session)}`);
  expect(session.market.open).toBe(false);
  // Two modifications this client may list now, priced, as the list's catalogue shows them while closed.
  const { items } = await call<TMiniAppCatalogue>(
    "GET",
    "/app/list/catalogue/?page=1",
    undefined,
    session.token,
  );
  const picked = items
    .filter((i) => i.stock === "in_stock" && i.from_quantity === 1 && i.price !== null)
    .slice(0, 2);
  if (picked.length < 2) throw new Error("the list's catalogue has too few orderable modifications");
  const named = (i: TMiniAppItem) =>
    positionName({ brand: i.brand_name, product: i.product_name, modification: i.name });

  await page.goto(`/app/#${launchHash(initData())}`);
  await page.getByTestId("market-closed").getByText("Маркет закрыт").waitFor();
  await page.getByTestId("catalogue-row").first().waitFor();
  await shots("closed", false);
  for (const [n, item] of picked.entries()) {
    const fullName = named(item);
    await page.getByPlaceholder("Поиск").fill(fullName);
    const row = page.getByTestId("catalogue-row").filter({ hasText: fullName }).first();
    await row.getByRole("button", { name: "В список" }).click();
    const sheet = page.getByRole("dialog", { name: fullName });
    await sheet.getByLabel("Количество").fill(String(n + 2));
    await sheet.getByText(/сумма/).waitFor();
    await sheet.getByRole("button", { name: "В список" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `В списке к открытию: ${fullName}, ${n + 2} шт.` })
      .waitFor();
  }

  await nav("Список (2)").click();
  const lines = page.getByTestId("list-line");
  await lines.nth(1).waitFor();
  expect(await lines.count()).toBe(2);
  for (const [n, item] of picked.entries())
    await lines
      .filter({ hasText: named(item) })
      .getByText(new RegExp(`^${n + 2} шт\\. × .+ = .+`))
      .waitFor();
  // Nothing is ordered while the market is closed: the list reserves nothing.
  expect(await page.getByRole("button", { name: /Отправить список/ }).count()).toBe(0);
  await shots("list");

  // Staff open the market: the page learns it within its poll and offers the one tap, over the catalogue too.
  await call("POST", `/storehouse/market-schedules/${schedule.id}/open_market/`, {});
  await page.getByRole("button", { name: "Отправить список (2 поз.)" }).waitFor({ timeout: 30_000 });
  await nav("Каталог").click();
  const ready = page.getByTestId("list-ready");
  await ready.getByText("Маркет открыт. В списке к открытию 2 поз.").waitFor();
  await page.getByTestId("catalogue-row").first().waitFor();
  await shots("ready", false);
  await ready.getByRole("button", { name: "Отправить список" }).click();
  const result = page.getByTestId("send-result");
  await result.getByText("Добавлено в заказ: 2 из 2").waitFor();
  for (const [n, item] of picked.entries())
    await result
      .getByTestId("result-line")
      .filter({ hasText: `✓ ${named(item)}` })
      .getByText(new RegExp(`^Добавлено: ${n + 2} шт\\. × `))
      .waitFor();
  await page.getByText("Список пуст.", { exact: false }).waitFor();
  await shots("send");

  const { results } = await call<TOrderPage>(
    "GET",
    `/sales/orders/?search=${encodeURIComponent(client.nickname)}`,
  );
  const today = results.find((o) => o.client.id === client.id);
  for (const [n, item] of picked.entries())
    expect(today?.positions.find((p) => p.modification === item.id)?.quantity).toBeGreaterThanOrEqual(n + 2);
  expect(failures).toEqual([]);
});

it("«Повторить заказ» on yesterday's order sends it at once while the market is open, answered line by line", async () => {
  await page.getByRole("toolbar", { name: "Список" }).getByRole("button", { name: "Прошлые заказы" }).click();
  const past = page
    .getByTestId("past-order")
    .filter({ hasText: dayWords(yesterday) })
    .first();
  await past.waitFor();
  await shots("history");
  const kinds = new Set(yesterdayOrder.positions.map((p) => p.modification));
  await past.getByRole("button", { name: "Повторить заказ" }).click();
  const result = page.getByTestId("send-result");
  await result.getByText(new RegExp(`^Добавлено в заказ: \\d+ из ${kinds.size}$`)).waitFor();
  expect(await result.getByTestId("result-line").count()).toBe(kinds.size);
  const added = await result.getByTestId("result-line").filter({ hasText: /^✓ / }).count();
  await shots("repeat");

  const { results } = await call<TOrderPage>(
    "GET",
    `/sales/orders/?search=${encodeURIComponent(client.nickname)}`,
  );
  const today = results.find((o) => o.client.id === client.id);
  const ordered = new Set(today?.positions.map((p) => p.modification));
  expect([...kinds].filter((m) => ordered.has(m)).length).toBeGreaterThanOrEqual(added);
  expect(failures).toEqual([]);
});

it("a pasted list: each line shown as read, a quantity not read left out, one product's lines summed onto what the list holds", async () => {
  const session = await call<TMiniAppSession>("POST", "/app/session/", { init_data: initData() });
  if (session.status !== "client") throw new Error(`no session: ${JSON.stringify(session)}`);
  const { items } = await call<TMiniAppCatalogue>(
    "GET",
    "/app/list/catalogue/?page=1",
    undefined,
    session.token,
  );
  const item = items
    .filter((i) => i.stock === "in_stock" && i.from_quantity === 1 && i.price !== null)
    .at(-1);
  if (!item) throw new Error("no orderable modification in the list's catalogue");
  const fullName = positionName({
    brand: item.brand_name,
    product: item.product_name,
    modification: item.name,
  });
  // The list holds 2 of it already: the paste adds to them.
  const two = await call<{ price_kopecks: number | null }>(
    "POST",
    "/app/list/quote/",
    { modification: item.id, quantity: 2 },
    session.token,
  );
  await call(
    "POST",
    "/app/list/lines/",
    { modification: item.id, quantity: 2, price_kopecks: two.price_kopecks },
    session.token,
  );

  await page
    .getByRole("toolbar", { name: "Список" })
    .getByRole("button", { name: "Вставить список" })
    .click();
  await page
    .getByLabel("Список товаров")
    .fill(`${fullName} — 4\nАбырвалг — 2\n${fullName} — 2,5\n${fullName}: 1`);
  await page.getByRole("button", { name: "Найти в каталоге" }).click();
  const row = (n: number) => page.getByTestId("paste-line").nth(n);
  await row(1).getByText("Не найдено в каталоге").waitFor();
  await row(0).getByText(`Прочитано: «${fullName}» — 4 шт.`).waitFor();
  await row(2).getByText("Количество «2,5» — не целое число.").waitFor();
  // One modification fits, or several as well: then the client chooses, on each line of it.
  for (const n of [0, 2, 3]) {
    const choice = row(n).getByRole("radio", { name: fullName });
    if ((await choice.count()) > 0) await choice.first().check();
  }
  await row(0).getByText("Строки 1, 4 — один товар: вместе 5 шт.").waitFor();
  await row(0).getByText("В списке уже 2 шт.: станет 7 шт.").waitFor();
  await shots("paste");
  await page.getByRole("button", { name: "Добавить в список (1 поз.)" }).click();
  await page
    .getByRole("status")
    .filter({
      hasText:
        "Добавлено в список: 1 поз. Строк было 2: строки одного товара сложены. У 1 поз. количество " +
        "прибавлено к тому, что уже было в списке. Не добавлено строк: 2 (не найдены, не выбраны или без количества).",
    })
    .waitFor();
  await page
    .getByTestId("list-line")
    .filter({ hasText: fullName })
    .getByText(/^7 шт\. × /)
    .waitFor();
  expect(failures).toEqual([]);
});
