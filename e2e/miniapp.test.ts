import {
  positionName,
  type TClient,
  type TMarketSchedule,
  type TMiniAppCatalogue,
  type TMiniAppSession,
} from "@wholesale/contract";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchData } from "../server/src/test/launch-data.ts";
import { demoClientOnOpenMarket, launchHash } from "../server/src/test/miniapp-launch.ts";
import { apiCall, apiToken, baseURL, openPage } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN } from "./support/constants.ts";

/**
 * The Telegram Mini App as Telegram opens it: /app/ with the launch parameters in the hash, the init data
 * signed with the bot's token (the app under test runs its bot against a fake Bot API).
 */
let browser: Browser;
let page: Page;
let token: string;
let client: TClient;
let schedule: TMarketSchedule;
let switchedOff: TMarketSchedule[] = [];

const call = <T>(method: string, path: string, body?: unknown, bearer = token) =>
  apiCall<T>(bearer, method, path, body);

/** Requests the page made that failed, and the console's errors: none is expected. */
const failures: string[] = [];
function watchFailures(watched: Page) {
  watched.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  watched.on("response", (response) => {
    if (response.status() >= 400 && !response.url().includes("/api/"))
      failures.push(`${response.status()} ${response.url()}`);
  });
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not shown`);
  return found;
}
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const initData = () =>
  launchData(client.telegram_id ?? 0, { botToken: inject("botToken"), authDate: new Date() });

beforeAll(async () => {
  browser = await launchChromium();
  // A phone, as Telegram shows the Mini App.
  page = await openPage(browser, { width: 390, height: 760 });
  watchFailures(page);
  token = await apiToken(ADMIN);
  ({ client, schedule, switchedOff } = await demoClientOnOpenMarket(call, "E2E Мини-приложение"));
});
afterAll(async () => {
  if (schedule) await call("DELETE", `/storehouse/market-schedules/${schedule.id}/`);
  for (const s of switchedOff)
    await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: true });
  await browser?.close();
});

it("searches by part of a name, adds 3, shows it in «Мой заказ» and in the staff orders, changes it at the price shown; a closing is shown and refused", async () => {
  // What to search for: a modification this client can order now, as the Mini App's API lists it.
  const session = await call<TMiniAppSession>("POST", "/app/session/", { init_data: initData() });
  if (session.status !== "client") throw new Error(`no session: ${JSON.stringify(session)}`);
  const list = await call<TMiniAppCatalogue>("GET", "/app/catalogue/?page=1", undefined, session.token);
  const item = list.items.find((i) => i.stock === "in_stock" && i.from_quantity === 1 && i.price !== null);
  if (!item) throw new Error("no orderable modification in the demo catalogue");
  const part = item.name.slice(
    Math.max(0, Math.floor(item.name.length / 2) - 4),
    Math.floor(item.name.length / 2) + 4,
  );

  // The list, the sheet, «Добавлено» and «Мой заказ» name it as the order does, brand first.
  const fullName = positionName({
    brand: item.brand_name,
    product: item.product_name,
    modification: item.name,
  });
  await page.goto(`/app/#${launchHash(initData())}`);
  // Every section is in sight on a phone: none hides past the edge of a bar whose scroll bar is hidden.
  for (const section of await page.getByRole("navigation", { name: "Разделы" }).getByRole("button").all()) {
    const at = await box(section);
    const label = (await section.textContent()) ?? "";
    expect(at.x, label).toBeGreaterThanOrEqual(0);
    expect(at.x + at.width, label).toBeLessThanOrEqual(390);
  }
  await page.getByPlaceholder("Поиск").fill(part);
  const row = page.getByTestId("catalogue-row").filter({ hasText: fullName }).first();
  await row.waitFor();
  await expect(row.textContent()).resolves.toMatch(/в наличии|мало/);
  const rowAt = await box(row);
  await row.getByRole("button", { name: "Добавить" }).click();

  const sheet = page.getByRole("dialog", { name: fullName });
  await sheet.getByLabel("Количество").fill("3");
  await sheet.getByText(/сумма/).waitFor();
  await sheet.getByRole("button", { name: "Добавить" }).click();
  const added = page.getByRole("status").filter({ hasText: `Добавлено: ${fullName}, 3 шт.` });
  await added.waitFor();
  // It lies over no button and moves no row (a banner that pushed the list down and back would land a tap
  // meant for a row on the next one), and goes by itself.
  expect((await box(row)).y, "the row stays where it was").toBe(rowAt.y);
  const notice = await box(added);
  for (const button of await page.getByRole("button").all()) {
    const at = await button.boundingBox();
    if (at) expect(overlap(notice, at), `«Добавлено» over «${await button.textContent()}»`).toBe(false);
  }
  // MINIAPP_SCREENSHOT=path keeps a picture of the list for the README.
  const screenshot = process.env.MINIAPP_SCREENSHOT;
  if (screenshot) {
    await page.getByPlaceholder("Поиск").fill("");
    await page.getByTestId("catalogue-row").nth(5).waitFor();
    await page.screenshot({ path: screenshot });
  }

  await page
    .getByRole("navigation")
    .getByRole("button", { name: /Мой заказ/ })
    .click();
  const line = page.getByTestId("order-line").filter({ hasText: fullName });
  await line.waitFor();
  await expect(line.textContent()).resolves.toMatch(/3 шт\..*Добавлен/);
  await page.getByRole("navigation").getByRole("button", { name: "Каталог" }).click();
  await added.waitFor({ state: "detached", timeout: 15_000 });
  await page
    .getByRole("navigation")
    .getByRole("button", { name: /Мой заказ/ })
    .click();

  const orders = await call<{
    results: {
      client: { nickname: string };
      positions: { modification_name?: string; quantity: number }[];
    }[];
  }>("GET", `/sales/orders/?search=${encodeURIComponent(client.nickname)}`);
  const mine = orders.results.find((o) => o.client.nickname === client.nickname);
  expect(mine?.positions.map((p) => p.quantity)).toContain(3);

  // A change is priced as the quantity changes, by the service's quote, and saved at the price shown.
  await line.getByRole("button", { name: "Изменить" }).click();
  await line.getByRole("button", { name: "Больше" }).click();
  await line
    .getByTestId("change-quote")
    .getByText(/^4 шт\. × .+ = .+/)
    .waitFor();
  await line.getByRole("button", { name: "Сохранить" }).click();
  await line.getByText(/^4 шт\..*Добавлен/).waitFor();

  // The market closes while the page is open: the page says so within its 15 s, and an add is refused.
  await page.getByRole("navigation").getByRole("button", { name: "Каталог" }).click();
  await call("POST", `/storehouse/market-schedules/${schedule.id}/close_market/`);
  await page.getByTestId("market-closed").getByText("Маркет закрыт").waitFor({ timeout: 15_000 });
  // «Мой заказ» offers no change the market would refuse.
  await page
    .getByRole("navigation")
    .getByRole("button", { name: /Мой заказ/ })
    .click();
  await page.getByText("Маркет закрыт: изменить заказ можно, когда он откроется.").waitFor();
  expect(await line.getByRole("button", { name: "Изменить" }).count()).toBe(0);
  expect(await line.getByRole("button", { name: "Удалить" }).count()).toBe(0);
  const refused = await fetch(`${baseURL()}/api/app/positions/`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      modification: item.id,
      quantity: 1,
      price_kopecks: Math.round((item.price ?? 0) * 100),
    }),
  });
  expect(refused.status).toBe(409);
  expect(await refused.json()).toMatchObject({ code: "market_closed" });
  expect(failures).toEqual([]);
});

it("staff open it as the client from the bot preview: the dry run answers as the client's and keeps nothing", async () => {
  await call("POST", `/storehouse/market-schedules/${schedule.id}/open_market/`, {});
  const preview = await call<TMiniAppSession>("POST", "/bot/preview/miniapp/", {
    client: client.id,
    dry_run: true,
  });
  if (preview.status !== "client") throw new Error(`no preview session: ${JSON.stringify(preview)}`);
  const before = await call<{ positions: unknown[] }>("GET", "/app/order/", undefined, preview.token);

  const staffPage = await openPage(browser, { width: 390, height: 760 });
  await staffPage.goto(`/app/#previewToken=${encodeURIComponent(preview.token)}`);
  await staffPage.getByText(/Просмотр как клиент .*пробный режим/).waitFor();
  const list = await call<TMiniAppCatalogue>("GET", "/app/catalogue/?page=1", undefined, preview.token);
  const item = list.items
    .filter((i) => i.stock === "in_stock" && i.from_quantity === 1 && i.price !== null)
    .at(-1);
  if (!item) throw new Error("no orderable modification in the demo catalogue");
  const fullName = positionName({
    brand: item.brand_name,
    product: item.product_name,
    modification: item.name,
  });
  await staffPage.getByPlaceholder("Поиск").fill(fullName);
  const row = staffPage.getByTestId("catalogue-row").filter({ hasText: fullName }).first();
  await row.getByRole("button", { name: "Добавить" }).click();
  const sheet = staffPage.getByRole("dialog", { name: fullName });
  await sheet.getByText(/сумма/).waitFor();
  await sheet.getByRole("button", { name: "Добавить" }).click();
  await staffPage.getByText(/^Добавлено: /).waitFor();

  const after = await call<{ positions: unknown[] }>("GET", "/app/order/", undefined, preview.token);
  expect(after.positions).toHaveLength(before.positions.length);
  await staffPage.context().close();
});
