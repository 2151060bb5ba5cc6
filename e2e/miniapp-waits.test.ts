import {
  positionName,
  type TClient,
  type TMarketSchedule,
  type TMiniAppCatalogue,
  type TMiniAppItem,
  type TMiniAppSession,
  type TStockWaitList,
} from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchData } from "../server/src/test/launch-data.ts";
import { demoClientOnOpenMarket, launchHash } from "../server/src/test/miniapp-launch.ts";
import { apiCall, apiToken, openPage } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN } from "./support/constants.ts";

/**
 * «Сообщить о поступлении» in the Mini App as Telegram opens it: a sold-out modification found by its name,
 * «нет в наличии», asked for once and again (which offers to cancel), then found in «Мои ожидания» and
 * cancelled there, on a phone's 390 px.
 */
let browser: Browser;
let page: Page;
let token: string;
let client: TClient;
let schedule: TMarketSchedule;
let switchedOff: TMarketSchedule[] = [];
let clientToken = "";

const call = <T>(method: string, path: string, body?: unknown, bearer = token) =>
  apiCall<T>(bearer, method, path, body);
const initData = () =>
  launchData(client.telegram_id ?? 0, { botToken: inject("botToken"), authDate: new Date() });

const ASKED = "Сообщим, когда товар появится. Товар не резервируется; ожидание действует 14 дней.";
const ALREADY = "Вы уже ждёте этот товар. Отменить ожидание можно в «Мои ожидания».";

/** Requests of the page that failed outside the API, and the console's errors: none is expected. */
const failures: string[] = [];

/** The client's waits, as «Мои ожидания» reads them. */
const waits = () => call<TStockWaitList>("GET", "/app/waits/", undefined, clientToken);

beforeAll(async () => {
  browser = await launchChromium();
  page = await openPage(browser, { width: 390, height: 760 });
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().includes("/api/"))
      failures.push(`${response.status()} ${response.url()}`);
  });
  token = await apiToken(ADMIN);
  ({ client, schedule, switchedOff } = await demoClientOnOpenMarket(call, "E2E Ожидания"));
  const session = await call<TMiniAppSession>("POST", "/app/session/", { init_data: initData() });
  if (session.status !== "client") throw new Error(`no session: ${JSON.stringify(session)}`);
  clientToken = session.token;
});
afterAll(async () => {
  // The demo client is shared by the browser tests: no wait of this test is left behind.
  if (clientToken)
    for (const w of (await waits()).results)
      await call("DELETE", `/app/waits/${w.id}/`, undefined, clientToken);
  if (schedule) await call("DELETE", `/storehouse/market-schedules/${schedule.id}/`);
  for (const s of switchedOff)
    await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: true });
  await browser?.close();
});

/** A modification out of stock for the client, from the catalogue's last page (the sold-out ones come last). */
async function soldOutItem(): Promise<TMiniAppItem> {
  const catalogue = (page: number) =>
    call<TMiniAppCatalogue>("GET", `/app/catalogue/?page=${page}`, undefined, clientToken);
  const { pages } = await catalogue(1);
  const { items } = await catalogue(pages);
  const item = items.filter((i) => i.stock === "none" && !i.waiting).at(-1);
  if (!item) throw new Error("no sold-out modification in the demo catalogue");
  return item;
}

it("a sold-out item is found, «нет в наличии»; «Сообщить о поступлении» asks once, «Мои ожидания» lists it and cancels it", async () => {
  const item = await soldOutItem();
  const fullName = positionName({
    brand: item.brand_name,
    product: item.product_name,
    modification: item.name,
  });

  await page.goto(`/app/#${launchHash(initData())}`);
  await page.getByPlaceholder("Поиск").fill(fullName);
  const row = page.getByTestId("catalogue-row").filter({ hasText: fullName }).first();
  await row.getByText("нет в наличии").waitFor();
  expect(await row.getByRole("button", { name: "Добавить" }).count()).toBe(0);
  await row.getByRole("button", { name: "Сообщить о поступлении" }).click();

  const sheet = page.getByRole("dialog", { name: fullName });
  await sheet.getByRole("button", { name: "Сообщить о поступлении" }).click();
  await sheet.getByRole("status").filter({ hasText: ASKED }).waitFor();
  await sheet.getByText("нет в наличии · сообщим о поступлении").waitFor();
  // Asked again: it is asked already, and the sheet offers to cancel.
  await sheet.getByRole("button", { name: "Сообщить о поступлении" }).click();
  await sheet.getByRole("status").filter({ hasText: ALREADY }).waitFor();
  await sheet.getByRole("button", { name: "Отменить ожидание" }).waitFor();
  const [wait, ...others] = (await waits()).results.filter((w) => w.modification === item.id);
  expect(others).toEqual([]);
  if (!wait) throw new Error("the wait asked is not listed");
  await sheet.getByRole("button", { name: "Закрыть" }).click();
  await row.getByText("нет в наличии · сообщим о поступлении").waitFor();

  await page
    .getByRole("navigation", { name: "Разделы" })
    .getByRole("button", { name: "Мои ожидания" })
    .click();
  const until = new Intl.DateTimeFormat("ru-RU", {
    timeZone: "Europe/Moscow",
    day: "2-digit",
    month: "2-digit",
  }).format(new Date(wait.expires_at));
  const line = page.getByTestId("wait-line").filter({ hasText: fullName });
  await line.getByText(`ждём до ${until}`).waitFor();
  await line.getByRole("button", { name: "Отменить" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `Ожидание отменено: ${fullName}.` })
    .waitFor();
  await line.waitFor({ state: "detached" });
  expect((await waits()).results.map((w) => w.modification)).not.toContain(item.id);
  expect(failures).toEqual([]);
});

it("opened at ?modification=<id>, as a «снова в наличии» message's button opens it, shows that modification's sheet", async () => {
  const item = await soldOutItem();
  const fullName = positionName({
    brand: item.brand_name,
    product: item.product_name,
    modification: item.name,
  });
  const opened = await openPage(browser, { width: 390, height: 760 });
  await opened.goto(`/app/?modification=${item.id}#${launchHash(initData())}`);
  const sheet = opened.getByRole("dialog", { name: fullName });
  await sheet.getByRole("button", { name: "Сообщить о поступлении" }).waitFor();
  await sheet.getByRole("button", { name: "Закрыть" }).click();
  await opened.getByTestId("catalogue-row").filter({ hasText: fullName }).first().waitFor();
  await opened.context().close();
});
