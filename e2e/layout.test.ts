import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN } from "./support/constants.ts";

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

/** What a tap at the middle of `notice` lands on: the notice, or the page under it. */
async function tapThrough(page: Page, notice: Locator) {
  const at = await box(notice);
  await page.evaluate(() => {
    document.addEventListener(
      "click",
      (event) => {
        const target = event.target as Element;
        document.body.dataset.tapped = target.closest(".notistack-SnackbarContainer") ? "notice" : "page";
      },
      { capture: true, once: true },
    );
  });
  await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  return page.evaluate(() => document.body.dataset.tapped);
}

describe("layout", () => {
  it("a notice opens below the app bar on a desktop and at the bottom on a phone, and a tap on it closes it", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await openPage(browser, viewport);
      // A mistyped password first: the successful sign-in takes its «Ошибка авторизации» away.
      await page.goto("/login");
      await page.getByLabel("Имя пользователя").fill(ADMIN.username);
      await page.getByLabel("Пароль").fill("not the password");
      await page.getByLabel("Пароль").press("Enter");
      const failed = page.getByRole("alert").filter({ hasText: "Ошибка авторизации" });
      await failed.waitFor();
      await signIn(page, ADMIN);
      await failed.waitFor({ state: "detached" });

      const notice = page.getByRole("alert").filter({ hasText: "Вы успешно вошли в систему" });
      const at = await box(notice);
      if (viewport.width < 600) {
        expect(at.y + at.height).toBeGreaterThan(viewport.height - 80);
      } else {
        const appBar = await box(page.getByRole("banner"));
        const logout = await box(page.getByRole("button", { name: "Выйти" }));
        expect(at.y).toBeGreaterThanOrEqual(appBar.y + appBar.height);
        expect(at.y).toBeGreaterThanOrEqual(logout.y + logout.height);
      }
      // A tap on the notice is the notice's: nothing under it is tapped (it had ticked a hidden position on
      // the storehouse phone and switched a tab on a desktop), and the notice closes: the pointer stays on it,
      // which holds its auto-hide, so only the tap can have closed it.
      expect(await tapThrough(page, notice)).toBe("notice");
      await notice.waitFor({ state: "detached", timeout: 10_000 });
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

  /** The first cell of a column (by its label) lies wholly on screen: no column hides past the right edge. */
  async function shownOnScreen(page: Page, label: string, width: number) {
    const cell = page.locator(`td[data-label="${label}"]`).first();
    await cell.waitFor();
    const at = await box(cell);
    return at.x >= 0 && at.x + at.width <= width + 1;
  }

  it("on a phone and at 960px no key column hides past the edge, and the catalogue's toolbar keeps its lines", async () => {
    for (const width of [390, 960]) {
      const page = await openPage(browser, { width, height: 844 });
      await signIn(page, ADMIN);
      const screens: [string, string[]][] = [
        ["/offers", ["Статус", "Действия", "Малый опт"]],
        ["/statistics", ["Общая сумма", "Кол-во заказов"]],
        ["/clients", ["Имя", "Телефон", "Статус"]],
        ["/messages", ["Текст", "Доставка"]],
      ];
      for (const [path, labels] of screens) {
        await page.goto(path);
        if (path === "/offers") {
          await page.getByRole("tablist", { name: "Брэнды" }).getByRole("tab").first().click();
          await page.locator(".MuiAccordionSummary-root").first().click();
          // The selection reads on one line, not squeezed to a word per line beside the search box.
          const selection = await box(page.getByRole("navigation", { name: "Выбор" }));
          expect(selection.height, `${path} at ${width}px`).toBeLessThan(40);
          const bulk = await Promise.all(
            ["Доступность", "Изменение цен", "Эксклюзивность"].map((name) =>
              box(page.getByRole("button", { name, exact: true })),
            ),
          );
          expect(new Set(bulk.map((b) => Math.round(b.y))).size, "the bulk buttons share a line").toBe(1);
        }
        // At 960px the statistics, clients and messages are tables wide enough: their cells are unlabelled.
        if (width > 600 && path !== "/offers") continue;
        for (const label of labels)
          expect(await shownOnScreen(page, label, width), `${path}: ${label}`).toBe(true);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, path).toBeLessThanOrEqual(width);
      }
      await page.context().close();
    }
  });
});
