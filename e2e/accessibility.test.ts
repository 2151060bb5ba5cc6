import type { TClient, TMarketSchedule, TMiniAppCatalogue, TStockWaitAsked } from "@wholesale/contract";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchData } from "../server/src/test/launch-data.ts";
import { demoClientOnOpenMarket, launchHash } from "../server/src/test/miniapp-launch.ts";
import { axeViolations, describeViolations } from "./support/axe.ts";
import { apiCall, apiToken, networkQuiet, openPage, openSignedIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, DEMO } from "./support/constants.ts";
import { addOneThroughMiniApp, miniAppToken } from "./support/miniapp.ts";

/**
 * axe-core on every screen (WCAG 2.0/2.1/2.2 A and AA, touch target size): no critical and no serious
 * violation, each failure naming the rule and the element.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The page once it has settled: its data loaded and no spinner left, so axe sees what a person sees. */
async function settled(page: Page) {
  await networkQuiet(page);
  // A table keeps a hidden progress bar in place so its rows do not jump: only a shown one means loading.
  await page
    .getByRole("progressbar")
    .filter({ visible: true })
    .first()
    .waitFor({ state: "detached", timeout: 60_000 });
}

async function expectAccessible(page: Page, within?: string) {
  expect(describeViolations(await axeViolations(page, within))).toEqual([]);
}

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Back-office screens: the path, who opens it, and what shows once it is there. */
const SCREENS: { name: string; path: string; as: { username: string; password: string } }[] = [
  { name: "dashboard", path: "/", as: ADMIN },
  { name: "clients", path: "/clients", as: ADMIN },
  { name: "orders", path: "/orders", as: ADMIN },
  { name: "statistics", path: "/statistics", as: ADMIN },
  { name: "messages", path: "/messages", as: ADMIN },
  { name: "accounts", path: "/accounts", as: ADMIN },
  { name: "invoices", path: "/invoices", as: ADMIN },
  { name: "bot preview", path: "/bot-preview", as: ADMIN },
  { name: "offers (catalogue)", path: "/offers", as: ADMIN },
  { name: "claims", path: "/claims", as: ADMIN },
  { name: "market settings", path: "/settings", as: ADMIN },
  { name: "market opening", path: "/opening", as: DEMO.office },
  { name: "storehouse «Сборка»", path: "/orders", as: DEMO.storehouse },
];

describe.each(WIDTHS)("back-office at $width px", (viewport) => {
  it("login", async () => {
    const page = await openPage(browser, viewport);
    await page.goto("/login");
    await page.getByLabel("Имя пользователя").waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it.each(SCREENS)("$name", async ({ path, as }) => {
    const page = await openSignedIn(browser, as, viewport);
    await page.goto(path);
    await page.getByRole("main").waitFor();
    await settled(page);
    await expectAccessible(page);
    await page.close();
  });
});

/** The catalogue's first product unfolded, so its modifications and their buttons show. */
async function openFirstProduct(page: Page) {
  await page.getByRole("main").getByRole("button", { expanded: false }).first().click();
  await settled(page);
}

/**
 * Back-office dialogs: the screen, who opens it, how it opens (the dialog it shows is returned) and how it is
 * left without changing anything. Only the dialog is swept: the page behind it is the screen's own test.
 */
const DIALOGS: {
  name: string;
  path: string;
  as: { username: string; password: string };
  open: (page: Page) => Promise<Locator>;
}[] = [
  {
    name: "an order («Онлайн заказы»)",
    path: "/orders",
    as: ADMIN,
    open: async (page) => {
      await page
        .getByRole("button", { name: /^Открыть заказ / })
        .first()
        .click();
      return page.getByRole("dialog");
    },
  },
  {
    name: "«Собрать все»",
    path: "/orders",
    as: ADMIN,
    open: async (page) => {
      await page.getByRole("button", { name: "Собрать все" }).click();
      const dialog = page.getByRole("dialog", { name: "Собрать все" });
      await dialog.getByTestId("collect-counts").waitFor();
      return dialog;
    },
  },
  {
    name: "«Собрать по направлению»",
    path: "/orders",
    as: ADMIN,
    open: async (page) => {
      await page.getByRole("button", { name: "Собрать направление" }).click();
      return page.getByRole("dialog", { name: "Собрать по направлению" });
    },
  },
  {
    name: "a client",
    path: "/clients",
    as: ADMIN,
    open: async (page) => {
      await page.getByRole("table", { name: "Клиенты" }).locator("tbody tr").first().click();
      return page.getByRole("dialog", { name: "Редактировать клиента" });
    },
  },
  {
    name: "a message",
    path: "/messages",
    as: ADMIN,
    open: async (page) => {
      await page.getByRole("button", { name: "Сообщение", exact: true }).click();
      return page.getByRole("dialog", { name: "Сообщение" });
    },
  },
  {
    name: "a claim's order",
    path: "/claims",
    as: ADMIN,
    open: async (page) => {
      await page
        .getByRole("button", { name: /^Заказ № / })
        .first()
        .click();
      return page.getByRole("dialog");
    },
  },
  {
    name: "a claim's deletion",
    path: "/claims",
    as: ADMIN,
    open: async (page) => {
      await page.getByRole("listitem").getByRole("button", { name: "Удалить" }).first().click();
      return page.getByRole("dialog");
    },
  },
  {
    name: "a catalogue modification",
    path: "/offers",
    as: ADMIN,
    open: async (page) => {
      await openFirstProduct(page);
      await page
        .getByRole("button", { name: /^Редактировать (?!продукт |брэнд)/ })
        .first()
        .click();
      return page.getByRole("dialog", { name: /^Модификация: / });
    },
  },
  {
    name: "a new modification (catalogue)",
    path: "/offers",
    as: ADMIN,
    open: async (page) => {
      await openFirstProduct(page);
      await page.getByRole("button", { name: "Добавить", exact: true }).click();
      return page.getByRole("dialog", { name: "Добавить модификацию" });
    },
  },
  {
    name: "a new brand (catalogue)",
    path: "/offers",
    as: ADMIN,
    open: async (page) => {
      await page.getByRole("button", { name: "Добавить брэнд" }).click();
      return page.getByRole("dialog");
    },
  },
  {
    name: "«Изменение цен»",
    path: "/offers",
    as: ADMIN,
    open: async (page) => {
      await page.getByRole("button", { name: "Изменение цен" }).click();
      return page.getByRole("dialog", { name: "Изменение цен" });
    },
  },
];

describe.each(WIDTHS)("back-office dialogs at $width px", (viewport) => {
  it.each(DIALOGS)("$name", async ({ path, as, open }) => {
    const page = await openSignedIn(browser, as, viewport);
    await page.goto(path);
    await page.getByRole("main").waitFor();
    await settled(page);
    const dialog = await open(page);
    await dialog.waitFor();
    await settled(page);
    await expectAccessible(page, '[role="dialog"]');
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.close();
  });
});

describe("Mini App", () => {
  let token: string;
  let client: TClient;
  let schedule: TMarketSchedule;
  let switchedOff: TMarketSchedule[] = [];
  let waitId: number | undefined;
  let clientToken = "";
  const call = <T>(method: string, path: string, body?: unknown, bearer = token) =>
    apiCall<T>(bearer, method, path, body);
  const initData = () =>
    launchData(client.telegram_id ?? 0, { botToken: inject("botToken"), authDate: new Date() });

  beforeAll(async () => {
    token = await apiToken(ADMIN);
    ({ client, schedule, switchedOff } = await demoClientOnOpenMarket(call, "E2E Доступность"));
    // A position in the order, so «Мой заказ» shows its rows rather than an empty page.
    clientToken = await miniAppToken(client);
    await addOneThroughMiniApp(clientToken, "last");
    // A wait for a sold-out one (they come last), so «Мои ожидания» shows its rows rather than an empty page.
    const { pages } = await call<TMiniAppCatalogue>("GET", "/app/catalogue/?page=1", undefined, clientToken);
    const last = await call<TMiniAppCatalogue>(
      "GET",
      `/app/catalogue/?page=${pages}`,
      undefined,
      clientToken,
    );
    const soldOut = last.items.find((i) => i.stock === "none" && !i.waiting);
    if (!soldOut) throw new Error("no sold-out modification in the demo catalogue");
    waitId = (await call<TStockWaitAsked>("POST", "/app/waits/", { modification: soldOut.id }, clientToken))
      .wait.id;
  });
  afterAll(async () => {
    if (waitId) await call("DELETE", `/app/waits/${waitId}/`, undefined, clientToken);
    if (schedule) await call("DELETE", `/storehouse/market-schedules/${schedule.id}/`);
    for (const s of switchedOff)
      await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: true });
  });

  /** Telegram's own themes as its clients pass them: the page's colours come from these unless they fail. */
  const THEMES = {
    light: {
      bg_color: "#ffffff",
      text_color: "#000000",
      hint_color: "#999999",
      link_color: "#2481cc",
      button_color: "#2481cc",
      button_text_color: "#ffffff",
      secondary_bg_color: "#f1f1f1",
      destructive_text_color: "#ff3b30",
    },
    dark: {
      bg_color: "#17212b",
      text_color: "#f5f5f5",
      hint_color: "#708499",
      link_color: "#6ab3f3",
      button_color: "#5288c1",
      button_text_color: "#ffffff",
      secondary_bg_color: "#232e3c",
      destructive_text_color: "#ec3942",
    },
  };

  async function openMiniApp(theme: Record<string, string>) {
    const page = await openPage(browser, { width: 390, height: 760 });
    const hash = new URLSearchParams(launchHash(initData()));
    hash.set("tgWebAppThemeParams", JSON.stringify(theme));
    await page.goto(`/app/#${hash}`);
    await page.getByTestId("catalogue-row").first().waitFor();
    return page;
  }
  const nav = (page: Page, name: RegExp) =>
    page.getByRole("navigation", { name: "Разделы" }).getByRole("button", { name });

  describe.each(Object.entries(THEMES))("in Telegram's %s theme", (_name, theme) => {
    it("catalogue", async () => {
      const page = await openMiniApp(theme);
      await expectAccessible(page);
      await page.context().close();
    });

    it("«Мой заказ»", async () => {
      const page = await openMiniApp(theme);
      await nav(page, /^Мой заказ/).click();
      await page.getByTestId("order-line").first().waitFor();
      await expectAccessible(page);
      await page.context().close();
    });

    it("«Мой заказ» with a line's «Удалить?» open", async () => {
      const page = await openMiniApp(theme);
      await nav(page, /^Мой заказ/).click();
      const line = page.getByTestId("order-line").first();
      await line.getByRole("button", { name: "Удалить" }).click();
      await page.getByTestId("delete-confirm").waitFor();
      await expectAccessible(page);
      await page.getByTestId("delete-confirm").getByRole("button", { name: "Отмена" }).click();
      await page.context().close();
    });

    it("«Мои ожидания»", async () => {
      const page = await openMiniApp(theme);
      await nav(page, /^Мои ожидания/).click();
      await page.getByTestId("wait-line").first().waitFor();
      await expectAccessible(page);
      await page.context().close();
    });

    it("list", async () => {
      const page = await openMiniApp(theme);
      await nav(page, /^Список/).click();
      await page.getByRole("heading", { name: "Список к открытию" }).waitFor();
      await settled(page);
      await expectAccessible(page);
      await page.context().close();
    });
  });
});
