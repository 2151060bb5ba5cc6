import {
  emptyMarketOpening,
  type TClient,
  type TMarketOpening,
  type TMarketSchedule,
  type TMiniAppAdded,
  type TMiniAppCatalogue,
  type TMiniAppItem,
  type TMiniAppOrder,
  type TMiniAppQuote,
  type TMiniAppSession,
  type TOrder,
} from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchData } from "../server/src/test/launch-data.ts";
import { demoClientsOnOpenMarket } from "../server/src/test/miniapp-launch.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { apiCall, apiToken, baseURL, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, DEMO } from "./support/constants.ts";

/**
 * «Открытие маркета» in the browser: the office's page, open before the market opens, follows the opening and a
 * rush of 100 adds through the Mini App's API with no reload, and its figures are what the orders hold.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A ceiling for a loaded machine: the stream brings a change within a second or two. */
const ARRIVES = { timeout: 30_000 };
const CLIENTS = 20;
const ADDS_EACH = 5;

const moscowTime = (iso: string) =>
  new Intl.DateTimeFormat("ru-RU", {
    timeZone: "Europe/Moscow",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));

/** The figure cards as the page writes them, from an answer of the API. */
function figuresOf({ totals }: TMarketOpening): Record<string, string> {
  const { refused } = totals;
  return {
    "opening-positions": `Позиций добавлено${totals.positions}${totals.units} шт.`,
    "opening-orders": `Заказов${totals.new_orders}новых; с добавленными позициями: ${totals.orders}`,
    "opening-clients": `Клиентов заказали${totals.clients_ordered} из ${totals.clients_open_for}из тех, для кого маркет открыт`,
    "opening-lists": `Списков отправлено${totals.lists_sent}«Список к открытию»`,
    "opening-refused": `Отказы${refused.stock + refused.limit + refused.pace}нет в наличии: ${refused.stock}лимиты: ${refused.limit}темп: ${refused.pace}`,
    "opening-errors": `Ошибки сервера${totals.errors}ответов с ошибкой`,
  };
}

async function figuresShown(page: Page): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const testId of Object.keys(figuresOf(EMPTY))) {
    const card = page.getByTestId(testId);
    shown[testId] = (await card.count()) === 1 ? ((await card.textContent()) ?? "") : "";
  }
  return shown;
}

const EMPTY = emptyMarketOpening(new Date(0).toISOString());

describe("a rush of 100 adds through the Mini App", () => {
  let token: string;
  let clients: TClient[] = [];
  let schedule: TMarketSchedule | undefined;
  let switchedOff: TMarketSchedule[] = [];
  /** The positions the rush made, removed afterwards (their stock comes back; an emptied order goes). */
  const made: number[] = [];
  const call = <T>(method: string, path: string, body?: unknown, bearer = token) =>
    apiCall<T>(bearer, method, path, body);
  const readOpening = () => call<TMarketOpening>("GET", "/statistics/opening/");

  beforeAll(async () => {
    token = await apiToken(ADMIN);
  });
  afterAll(async () => {
    for (const id of made) await call("DELETE", `/sales/order-positions/${id}/`);
    if (schedule) await call("DELETE", `/storehouse/market-schedules/${schedule.id}/`);
    for (const s of switchedOff)
      await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: true });
  });

  /** A client's Mini App session, with the launch data Telegram would sign. */
  async function session(client: TClient): Promise<string> {
    const initData = launchData(client.telegram_id ?? 0, {
      botToken: inject("botToken"),
      authDate: new Date(),
    });
    const answer = await call<TMiniAppSession>("POST", "/app/session/", { init_data: initData });
    if (answer.status !== "client") throw new Error(`no session: ${JSON.stringify(answer)}`);
    return answer.token;
  }

  /**
   * `ADDS_EACH` modifications the client may order one of now, at the price quoted: each client starts at its
   * own place in its list, so twenty clients spread over the demo's stock rather than emptying one line.
   */
  async function chooseAdds(bearer: string, place: number) {
    const { items } = await call<TMiniAppCatalogue>("GET", "/app/catalogue/?page=1", undefined, bearer);
    const orderable = items.filter(
      (i: TMiniAppItem) => i.stock === "in_stock" && i.from_quantity === 1 && i.price !== null,
    );
    if (orderable.length < ADDS_EACH)
      throw new Error("too few orderable modifications in the demo catalogue");
    const chosen = Array.from(
      { length: ADDS_EACH },
      (_, k) => orderable[(place * ADDS_EACH + k) % orderable.length] as TMiniAppItem,
    );
    const adds = [];
    for (const item of chosen) {
      const quote = await call<TMiniAppQuote>(
        "POST",
        "/app/quote/",
        { modification: item.id, quantity: 1 },
        bearer,
      );
      adds.push({ modification: item.id, quantity: 1, price_kopecks: quote.price_kopecks });
    }
    return adds;
  }

  /** One add as the Mini App sends it: its status, and the position it made or grew. */
  async function add(bearer: string, body: unknown): Promise<{ status: number; position?: number }> {
    const res = await fetch(`${baseURL()}/api/app/positions/`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) return { status: res.status };
    const added = (await res.json()) as TMiniAppAdded;
    return { status: 201, position: added.position.id };
  }

  it("is counted on the office's page as it happens, with no reload, as the orders hold it", async () => {
    // Clients with no order today: the rush makes their orders, and the other browser tests' clients are left be.
    const today = await call<{ results: TOrder[] }>("GET", "/sales/orders/?limit=1000");
    const ordered = new Set(today.results.map((o) => o.client.id));

    // The office opens the page before the market opens, and keeps it open.
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/opening");
    await page.getByRole("heading", { level: 1, name: /^Открытие маркета/ }).waitFor();
    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });

    const before = Date.now();
    ({ clients, schedule, switchedOff } = await demoClientsOnOpenMarket(
      call,
      "E2E Открытие маркета",
      CLIENTS,
      (c) => !ordered.has(c.id),
    ));
    const opened = await readOpening();
    // The opening is this test's (a moment's rounding aside), not one an earlier file made.
    expect(Date.parse(opened.opened_at ?? "")).toBeGreaterThan(before - 1000);
    // The opening is announced on the stream: the page turns to it by itself.
    await page
      .getByRole("heading", { level: 1, name: `Открытие маркета с ${moscowTime(opened.opened_at ?? "")}` })
      .waitFor(ARRIVES);

    const prepared = await Promise.all(
      clients.map(async (client, place) => {
        const bearer = await session(client);
        return { bearer, adds: await chooseAdds(bearer, place) };
      }),
    );

    // The rush: every client taps its five adds one after another, all clients at once.
    const answers = (
      await Promise.all(
        prepared.map(async ({ bearer, adds }) => {
          const mine = [];
          for (const body of adds) mine.push(await add(bearer, body));
          return mine;
        }),
      )
    ).flat();
    made.push(...new Set(answers.flatMap((a) => (a.position === undefined ? [] : [a.position]))));
    expect(answers.map((a) => a.status)).toEqual(Array(CLIENTS * ADDS_EACH).fill(201));

    // What the clients' orders hold now («Мой заказ»): every add a new position of one unit, in a new order.
    const orders = await Promise.all(
      prepared.map(({ bearer }) => call<TMiniAppOrder>("GET", "/app/order/", undefined, bearer)),
    );
    const positions = orders.flatMap((o) => o.positions);
    const byId = (a: number, b: number) => a - b;
    expect(positions.map((p) => p.id).sort(byId)).toEqual([...made].sort(byId));
    const units = positions.reduce((sum, p) => sum + p.quantity, 0);

    // The page shows it without a reload, figure for figure as the API reads the tables at the same moment.
    const positionsCard = page.getByTestId("opening-positions");
    await expect
      .poll(() => positionsCard.textContent(), ARRIVES)
      .toBe(`Позиций добавлено${made.length}${units} шт.`);
    let api = EMPTY;
    await expect
      .poll(async () => {
        api = await readOpening();
        const shown = await figuresShown(page);
        return JSON.stringify(shown) === JSON.stringify(figuresOf(api));
      }, ARRIVES)
      .toBe(true);
    expect(api.totals).toMatchObject({
      positions: CLIENTS * ADDS_EACH,
      units,
      orders: CLIENTS,
      new_orders: CLIENTS,
      clients_ordered: CLIENTS,
      refused: { stock: 0, limit: 0, pace: 0 },
      errors: 0,
    });
    expect(api.totals.clients_open_for).toBeGreaterThanOrEqual(CLIENTS);

    // The chart: named, drawn, and told in words with the same totals.
    const chart = page.getByRole("img", { name: "Позиции и заказы в секунду" });
    await chart.locator("svg").first().waitFor();
    expect(await page.getByTestId("opening-chart-summary").textContent()).toContain(
      `позиций — ${CLIENTS * ADDS_EACH}, новых заказов — ${CLIENTS}.`,
    );
    // «Раскупают»: the most sold first, as the API lists it.
    const first = api.selling[0];
    if (!first) throw new Error("nothing sold");
    const row = page.getByTestId("selling-row").first();
    expect(await row.getByRole("cell").nth(0).textContent()).toBe(first.name);
    expect(await row.getByRole("cell").nth(1).textContent()).toBe(String(first.sold));

    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await page.getByTestId("live-fallback").count()).toBe(0);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    await page.context().close();
  }, 180_000);
});

it("is not the storehouse's: the menu has no entry and the address shows «Нет доступа»", async () => {
  const page = await openPage(browser);
  await signIn(page, DEMO.storehouse);
  await page.waitForURL("**/orders");
  expect(await page.getByRole("navigation", { name: "Разделы" }).getByText("Открытие маркета").count()).toBe(
    0,
  );
  await page.goto("/opening");
  await page.getByText("Нет доступа").waitFor();
  await page.context().close();
});
