import { ZOrderPageSchema } from "@wholesale/contract";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, DEMO } from "./support/constants.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not shown`);
  return found;
}

/** Every one of `buttons` lies wholly within the screen's width, and the page does not scroll sideways. */
async function expectWithinWidth(page: Page, buttons: Locator, what: string) {
  await buttons.first().waitFor();
  const width = page.viewportSize()?.width ?? 0;
  for (const button of await buttons.all()) {
    const at = await box(button);
    expect(at.x, `${what}: a button's left edge`).toBeGreaterThanOrEqual(0);
    expect(at.x + at.width, `${what}: a button's right edge`).toBeLessThanOrEqual(width + 1);
  }
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, what).toBeLessThanOrEqual(width);
}

/** Today's invoice of a client who ordered today, so the invoices list has a row to download. */
async function makeTodaysInvoice() {
  const token = await apiToken(ADMIN);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const orders = ZOrderPageSchema.parse(
    await (await fetch(`${baseURL()}/api/sales/orders/?limit=1`, { headers })).json(),
  );
  const order = orders.results[0];
  if (!order) throw new Error("the demo data has no order today");
  const res = await fetch(`${baseURL()}/api/reports/client/`, {
    method: "POST",
    headers,
    body: JSON.stringify({ client_id: order.client.id, date: order.opened_on }),
  });
  if (!res.ok) throw new Error(`the invoice was not made: ${res.status}`);
  return order.client_type === 2 ? "Крупный опт" : "Малый опт";
}

describe("tables on a 390px phone are cards: every row's buttons are in sight", () => {
  it("the storehouse's invoices: the download button", async () => {
    const type = await makeTodaysInvoice();
    const page = await openPage(browser, PHONE);
    await signIn(page, DEMO.storehouse);
    await page.goto("/invoices");
    await page.getByRole("tab", { name: type }).click();
    await expectWithinWidth(page, page.getByRole("button", { name: /^Скачать Накладная_/ }), "invoices");
    await page.context().close();
  });

  it("registration requests, collection groups, organizations and accounts", async () => {
    const page = await openPage(browser, PHONE);
    await signIn(page, ADMIN);
    const screens: [string, RegExp][] = [
      ["/clients?tab=8", /^(Добавить клиента|Удалить заявку) /],
      ["/clients?tab=11", /^(Редактировать|Удалить) /],
      ["/clients?tab=12", /^(Копировать ссылку|Редактировать|Удалить) /],
      ["/accounts", /^(Редактировать|Удалить) /],
    ];
    for (const [path, names] of screens) {
      await page.goto(path);
      await expectWithinWidth(page, page.getByRole("main").getByRole("button", { name: names }), path);
    }
    await page.context().close();
  });
});

describe("the clients table at 1440px", () => {
  it("fits its container: no name over three lines, «Статус» not cut off", async () => {
    const page = await openPage(browser, DESKTOP);
    await signIn(page, ADMIN);
    await page.goto("/clients");
    const table = page.getByRole("table", { name: "Клиенты" });
    await table.locator("tbody tr").nth(5).waitFor();
    const fit = await table.evaluate((t) => ({
      table: t.scrollWidth,
      container: t.parentElement?.clientWidth ?? 0,
      line: Number.parseFloat(getComputedStyle(t.querySelector("tbody td") as Element).lineHeight),
      rows: Array.from(t.querySelectorAll("tbody tr")).map((r) => r.getBoundingClientRect().height),
    }));
    expect(fit.table).toBeLessThanOrEqual(fit.container);
    // A row of one line is its line and the cell's padding; two lines at most, never three.
    for (const height of fit.rows) expect(height).toBeLessThan(2.5 * fit.line + 12);
    const status = await box(table.locator('td[data-label="Статус"]').first());
    expect(status.x + status.width).toBeLessThanOrEqual(DESKTOP.width);
    await page.context().close();
  });
});

describe("the storehouse's «Сборка» on a phone", () => {
  it("keeps the directions on one line, and a tap on one brings it up right under them", async () => {
    const page = await openPage(browser, PHONE);
    await signIn(page, DEMO.storehouse);
    await page.waitForURL("**/orders");
    const nav = page.getByRole("navigation", { name: "Направления" });
    const chips = nav.getByRole("button");
    await chips.first().waitFor();
    const chipHeight = (await box(chips.first())).height;
    expect((await box(nav)).height, "one line of chips").toBeLessThan(chipHeight * 2);
    expect(await chips.count(), "the demo day has several directions").toBeGreaterThan(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The last direction: near the end of the page, where a short page could not scroll it up.
    const last = chips.last();
    const name = (await last.textContent())?.replace(/: \d+$/, "") ?? "";
    await last.click();
    const section = page.getByRole("region", { name, exact: true });
    // Where it settles once it has unfolded (the browser had kept scrolling past it as it grew): right under
    // the sticky chips.
    await section.locator(".MuiCollapse-entered").waitFor();
    const navAt = await box(nav);
    const gap = (await box(section)).y - (navAt.y + navAt.height);
    expect(gap, `«${name}» under the chips`).toBeGreaterThanOrEqual(0);
    expect(gap, `«${name}» right under the chips`).toBeLessThanOrEqual(16);
    await page.context().close();
  });
});

describe("the catalogue on a phone", () => {
  it("opens on a brand's products, and its strip shows more than two brand names", async () => {
    const page = await openPage(browser, PHONE);
    await signIn(page, ADMIN);
    await page.goto("/offers");
    await page.locator(".MuiAccordionSummary-root").first().waitFor();
    const strip = page.getByRole("tablist", { name: "Брэнды" });
    const shown = await strip.evaluate((list) => {
      const view = list.closest(".MuiTabs-scroller")?.getBoundingClientRect();
      if (!view) return 0;
      return Array.from(list.querySelectorAll('[role="tab"]')).filter((tab) => {
        const at = tab.getBoundingClientRect();
        return at.left >= view.left - 1 && at.right <= view.right + 1;
      }).length;
    });
    expect(shown).toBeGreaterThan(2);
    await page.context().close();
  });
});

describe("problem positions at 1440px", () => {
  it("the sort arrow sits on its label's last line, right after it", async () => {
    const page = await openPage(browser, DESKTOP);
    await signIn(page, ADMIN);
    await page.goto("/statistics?tab=problems");
    const header = page.getByRole("columnheader", { name: /Осталось в процентах/ });
    await header.waitFor();
    const at = await header.evaluate((th) => {
      const label = th.querySelector(".MuiTableSortLabel-root");
      const svg = th.querySelector(".MuiTableSortLabel-icon");
      if (!label || !svg) return null;
      const icon = svg.getBoundingClientRect();
      // The label's text: everything in the sort label before its arrow.
      const range = document.createRange();
      range.setStart(label, 0);
      range.setEndBefore(svg);
      const last = Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .sort((x, y) => x.bottom - y.bottom || x.right - y.right)
        .at(-1);
      if (!last) return null;
      const middle = (icon.top + icon.bottom) / 2;
      return { onLastLine: middle >= last.top && middle <= last.bottom, gap: icon.left - last.right };
    });
    // It had dropped onto a line of its own under the label (and before that floated 60px away, at the
    // column's far side beside the next column's label).
    expect(at?.onLastLine).toBe(true);
    expect(at?.gap).toBeGreaterThanOrEqual(-1);
    expect(at?.gap).toBeLessThanOrEqual(12);
    await page.context().close();
  });
});
