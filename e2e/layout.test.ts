import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, signIn } from "./support/browser.ts";
import { ADMIN } from "./support/constants.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not shown`);
  return found;
}

async function noticeStaysBelowTheAppBar(page: Page) {
  await signIn(page, ADMIN);
  const notice = await box(page.getByRole("alert").filter({ hasText: "Вы успешно вошли в систему" }));
  const appBar = await box(page.getByRole("banner"));
  const logout = await box(page.getByRole("button", { name: "Выйти" }));
  expect(notice.y).toBeGreaterThanOrEqual(appBar.y + appBar.height);
  expect(notice.y).toBeGreaterThanOrEqual(logout.y + logout.height);
}

describe("layout", () => {
  it("a notice opens below the app bar, clear of the logout button, on a desktop and a phone", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await openPage(browser, viewport);
      await noticeStaysBelowTheAppBar(page);
      await page.context().close();
    }
  });

  it("with its heading gone, a page's first row starts at the top of the content area", async () => {
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    await page.goto("/clients");
    const tabs = await box(page.getByRole("tablist", { name: "Разделы клиентов" }));
    const contentTop = await page
      .getByRole("main")
      .evaluate(
        (main) => main.getBoundingClientRect().top + Number.parseFloat(getComputedStyle(main).paddingTop),
      );
    expect(Math.abs(tabs.y - contentTop)).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it("at 900px the catalogue's table scrolls sideways to «Статус» and «Действия» instead of cutting them", async () => {
    const page = await openPage(browser, { width: 900, height: 800 });
    await signIn(page, ADMIN);
    await page.goto("/offers");
    await page.getByRole("tablist", { name: "Брэнды" }).getByRole("tab").first().click();
    await page.locator(".MuiAccordionSummary-root").first().click();
    const table = page.getByRole("table", { name: "Модификации" });
    await table.waitFor();
    for (const name of ["Статус", "Действия"]) {
      const fit = await table.getByRole("columnheader", { name, exact: true }).evaluate((header) => {
        const container = header.closest(".MuiTableContainer-root");
        if (!container) return null;
        const rightEdge = () =>
          header.getBoundingClientRect().right -
          container.getBoundingClientRect().left +
          container.scrollLeft;
        const withinScrollWidth = rightEdge() <= container.scrollWidth + 1;
        container.scrollLeft = container.scrollWidth;
        const inside = container.getBoundingClientRect();
        const cell = header.getBoundingClientRect();
        return {
          scrolls: container.scrollWidth > container.clientWidth,
          withinScrollWidth,
          shownAfterScrolling: cell.left >= inside.left - 1 && cell.right <= inside.right + 1,
        };
      });
      expect(fit, name).toEqual({ scrolls: true, withinScrollWidth: true, shownAfterScrolling: true });
    }
    await page.context().close();
  });
});
