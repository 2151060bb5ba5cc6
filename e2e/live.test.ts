import {
  CLIENT_TYPE_SMALL,
  type TClient,
  type TMarketSchedule,
  type TMiniAppOrder,
  type TOrder,
} from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoClientOnOpenMarket } from "../server/src/test/miniapp-launch.ts";
import { type RunningApp, startApp } from "./support/app-server.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { apiCall, apiToken, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, DEMO } from "./support/constants.ts";
import { addOneThroughMiniApp, miniAppToken } from "./support/miniapp.ts";

/**
 * The staff screens' live stream in the browser: an order placed through the Mini App's API shows on
 * «Онлайн-заказы» and «Сборка» without a reload; a page whose stream is refused polls, and says so.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A ceiling for a loaded machine: the stream brings a change within a second or two. */
const ARRIVES = { timeout: 30_000 };

const isPath = (url: string, path: string) => new URL(url).pathname === path;

/** Resolves once the page's live stream is open (its answer's headers are in). */
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => isPath(r.url(), "/api/live/") && r.status() === 200, ARRIVES);

describe("an order placed through the Mini App", () => {
  let token: string;
  let client: TClient;
  let schedule: TMarketSchedule | undefined;
  let switchedOff: TMarketSchedule[] = [];
  let orderId: number | undefined;
  const call = <T>(method: string, path: string, body?: unknown, bearer = token) =>
    apiCall<T>(bearer, method, path, body);

  beforeAll(async () => {
    token = await apiToken(ADMIN);
    // A client of the tab «Онлайн-заказы» opens on with no order today, so the order is a new one; not the first
    // demo client, whose order the other browser tests make and read.
    const today = await call<{ results: TOrder[] }>("GET", "/sales/orders/?limit=1000");
    const ordered = new Set(today.results.map((o) => o.client.id));
    const { results } = await call<{ results: TClient[] }>("GET", "/profiles/clients/?tab=active&limit=200");
    const chosen = results
      .filter((c) => c.telegram_id !== null && c.client_type !== null && !c.offline)
      .slice(1)
      .find((c) => c.client_type === CLIENT_TYPE_SMALL && !ordered.has(c.id));
    if (!chosen) throw new Error("no demo client without an order today");
    ({ client, schedule, switchedOff } = await demoClientOnOpenMarket(
      call,
      "E2E Живые экраны",
      (c) => c.id === chosen.id,
    ));
  });
  afterAll(async () => {
    if (orderId !== undefined) {
      const order = (await call<{ results: TOrder[] }>("GET", "/sales/orders/?limit=1000")).results.find(
        (o) => o.id === orderId,
      );
      for (const position of order?.positions ?? [])
        await call("DELETE", `/sales/order-positions/${position.id}/`);
    }
    if (schedule) await call("DELETE", `/storehouse/market-schedules/${schedule.id}/`);
    for (const s of switchedOff)
      await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: true });
  });

  /** The client adds one unit through the Mini App's API, as its page does: today's first, so a new order. */
  async function placeOrder(): Promise<number> {
    const token = await miniAppToken(client);
    await addOneThroughMiniApp(token, "first");
    const order = await apiCall<TMiniAppOrder>(token, "GET", "/app/order/");
    if (order.order_id === null) throw new Error("the add made no order");
    return order.order_id;
  }

  it("waits on «Онлайн-заказы» behind «Новых заказов: 1» until shown, and comes to «Сборка» once sent, with no reload", async () => {
    const office = await openPage(browser);
    // The stream the sign-in opened, then the one of the page loaded again at /orders.
    let officeLive = streamOpened(office);
    await signIn(office, DEMO.office);
    await officeLive;
    officeLive = streamOpened(office);
    await office.goto("/orders");
    await officeLive;
    const cards = office.getByTestId("order-card");
    await cards.first().waitFor();
    const readFirst = await cards.first().textContent();

    // The storehouse's phone, on «Сборка» from its sign-in.
    const phone = await openPage(browser, { width: 390, height: 844 });
    const phoneLive = streamOpened(phone);
    await signIn(phone, DEMO.storehouse);
    await phone.waitForURL("**/orders");
    await phoneLive;

    orderId = await placeOrder();
    const opener = office.getByRole("button", { name: `Открыть заказ ${orderId}` });
    const strip = office.getByTestId("new-orders");
    await strip.getByText("Новых заказов: 1").waitFor(ARRIVES);
    // The card being read stays first: the new order waits behind the strip.
    expect(await opener.count()).toBe(0);
    expect(await cards.first().textContent()).toBe(readFirst);
    expect(await office.getByTestId("live-fallback").count()).toBe(0);
    expect(describeViolations(await axeViolations(office))).toEqual([]);
    await strip.getByRole("button", { name: "Показать" }).click();
    await cards
      .first()
      .getByRole("button", { name: `Открыть заказ ${orderId}` })
      .waitFor();
    expect(await strip.count()).toBe(0);

    // The office sends it to collect: it comes to the storehouse's list, under its direction.
    await call("POST", "/sales/send-to-collect/", { type: "order", order_id: orderId });
    const { results } = await call<{ results: TOrder[] }>("GET", "/sales/orders/?limit=1000");
    const direction = results.find((o) => o.id === orderId)?.transportation?.name ?? "Без направления";
    const chip = phone.getByRole("navigation", { name: "Направления" }).getByRole("button", {
      name: new RegExp(`^${direction.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: \\d+$`),
    });
    await chip.waitFor(ARRIVES);
    await chip.click();
    await phone
      .getByTestId("collection-order")
      .filter({ hasText: `Заказ № ${orderId}` })
      .waitFor(ARRIVES);
    await office.context().close();
    await phone.context().close();
  });
});

describe("a server that refuses the stream", () => {
  let refusing: RunningApp | undefined;
  beforeAll(async () => {
    refusing = await startApp({ LIVE_MAX_STREAMS: "0" });
  });
  afterAll(async () => {
    await refusing?.close();
  });

  it("leaves the page polling, and the app bar says so", async () => {
    const page = await openPage(browser, undefined, refusing?.baseURL);
    const reads: string[] = [];
    page.on("response", (response) => {
      if (isPath(response.url(), "/api/sales/orders/")) reads.push(response.url());
    });
    await signIn(page, ADMIN);
    await page.goto("/orders");
    const fallback = page.getByRole("status").filter({ has: page.getByTestId("live-fallback") });
    await fallback.getByText("Обновление по таймеру").waitFor(ARRIVES);
    expect(await fallback.textContent()).toContain(
      "Нет живого соединения с сервером: данные обновляются раз в 15 секунд",
    );
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.getByTestId("live-fallback").hover();
    await page
      .getByRole("tooltip")
      .getByText("Нет живого соединения с сервером: данные обновляются раз в 15 секунд")
      .waitFor();
    // The list is read again by its timer (every 15 s) with no reload.
    await expect.poll(() => reads.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await page.context().close();
  }, 120_000);

  it("says it on a phone with an icon, and in words to a screen reader", async () => {
    const page = await openPage(browser, { width: 390, height: 844 }, refusing?.baseURL);
    await signIn(page, ADMIN);
    // Loaded again, as the accessibility sweep loads each screen: the sign-in's notice is not this test's.
    await page.goto("/");
    const fallback = page.getByTestId("live-fallback");
    await fallback.waitFor(ARRIVES);
    // The short label gives way to the icon; what a screen reader reads stays.
    expect(await fallback.getByText("Обновление по таймеру").isVisible()).toBe(false);
    expect(await fallback.textContent()).toContain(
      "Нет живого соединения с сервером: данные обновляются раз в минуту",
    );
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.context().close();
  });
});

describe("the tabs of one browser", () => {
  it("share one stream: a second tab opens none, and reads by it rather than by a timer", async () => {
    const first = await openPage(browser);
    const streams: string[] = [];
    first.context().on("request", (request) => {
      if (isPath(request.url(), "/api/live/")) streams.push(request.url());
    });
    const opened = streamOpened(first);
    await signIn(first, DEMO.office);
    await opened;
    const second = await first.context().newPage();
    await second.goto("/orders");
    await second.getByTestId("order-card").first().waitFor(ARRIVES);
    // The tab's frame starts the stream as it shows: a stream of its own would have been asked for by now.
    await second
      .getByRole("button", { name: /^Открыть заказ / })
      .first()
      .click();
    await second.getByRole("dialog").waitFor();
    expect(streams).toHaveLength(1);
    expect(await second.getByTestId("live-fallback").count()).toBe(0);
    await first.context().close();
  });
});
