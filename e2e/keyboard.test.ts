import type { TClaim, TPaged } from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiToken, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, DEMO } from "./support/constants.ts";

/** Keyboard-only walks: what a person without a mouse does, Tab by Tab. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** What has the focus, as a test can tell it apart: the tag, and a row's or a link's text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { tag: element?.tagName ?? "", text: (element?.textContent ?? "").trim(), id: element?.id ?? "" };
  });

/** Tabs until `reached` holds for the focused element; fails naming how far it got. */
async function tabUntil(page: Page, reached: () => Promise<boolean>, most = 80) {
  for (let tabs = 0; tabs < most; tabs++) {
    if (await reached()) return tabs;
    await page.keyboard.press("Tab");
  }
  throw new Error(`not reached in ${most} Tabs; the focus is on ${JSON.stringify(await focused(page))}`);
}

describe("keyboard", () => {
  it("the first Tab stop is «Перейти к содержимому», shown while focused, and it moves the focus to the content", async () => {
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    await page.goto("/clients");
    await page.getByRole("table", { name: "Клиенты" }).getByRole("row").nth(1).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Перейти к содержимому" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const at = await skip.boundingBox();
    expect(at && at.y >= 0 && at.height > 0).toBe(true);
    await page.keyboard.press("Enter");
    expect((await focused(page)).tag).toBe("MAIN");
    // The next Tab lands inside the content, not back in the menu.
    await page.keyboard.press("Tab");
    expect(await page.getByRole("main").evaluate((main) => main.contains(document.activeElement))).toBe(true);
    await page.context().close();
  });

  it("opens a client: Tab reaches the row, Enter opens the client's dialog, Escape closes it and the focus is back on the row", async () => {
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    await page.goto("/clients");
    const firstRow = page.getByRole("table", { name: "Клиенты" }).locator("tbody tr").first();
    await firstRow.waitFor();
    const rowText = (await firstRow.textContent())?.trim() ?? "";
    await page.getByRole("link", { name: "Перейти к содержимому" }).focus();
    await page.keyboard.press("Enter");
    await tabUntil(page, () => firstRow.evaluate((row) => row === document.activeElement));
    // The focus shows: an outline drawn on the row.
    expect(await firstRow.evaluate((row) => getComputedStyle(row).outlineStyle)).toBe("solid");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => firstRow.evaluate((row) => row === document.activeElement)).toBe(true);
    expect((await focused(page)).text).toBe(rowText);
    await page.context().close();
  });

  it("sends an order to collection: Tab reaches its «Собрать», Enter sends it, the focus stays on the order", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/orders");
    const sendable = page
      .getByTestId("order-card")
      .filter({ has: page.getByRole("button", { name: "Собрать", exact: true, disabled: false }) })
      .first();
    await sendable.waitFor();
    const name = (await sendable.getAttribute("aria-label")) ?? "";
    const card = page.getByRole("group", { name, exact: true });
    const collect = card.getByRole("button", { name: "Собрать", exact: true });
    await page.getByRole("link", { name: "Перейти к содержимому" }).focus();
    await page.keyboard.press("Enter");
    await tabUntil(page, () => collect.evaluate((button) => button === document.activeElement), 200);
    await page.keyboard.press("Enter");
    await page
      .getByText(/Отправлено на сборку позиций: \d+/)
      .first()
      .waitFor();
    await expect.poll(() => collect.isDisabled()).toBe(true);
    await expect.poll(() => card.evaluate((c) => c === document.activeElement)).toBe(true);
    // The next Tab goes on inside the order sent, not from the top of the page.
    await page.keyboard.press("Tab");
    expect(await card.evaluate((c) => c.contains(document.activeElement))).toBe(true);
    await page.context().close();
  });

  it("answers a claim: Tab reaches «Отметить рассмотренной», Enter marks it, the focus stays on its button", async () => {
    const token = await apiToken(ADMIN);
    // One on the first page of «Все», which the screen opens on and where an answered claim stays.
    const all = await apiCall<TPaged<TClaim>>(token, "GET", "/messaging/claims/");
    const claim = all.results.find((c) => c.status === "not_reviewed");
    if (!claim) throw new Error("the demo data has no open claims");
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    await page.goto("/claims");
    const card = page.getByRole("listitem", { name: `Заявка ${claim.id}` });
    await card.waitFor();
    const mark = card.getByRole("button", { name: "Отметить рассмотренной" });
    await page.getByRole("link", { name: "Перейти к содержимому" }).focus();
    await page.keyboard.press("Enter");
    await tabUntil(page, () => mark.evaluate((button) => button === document.activeElement), 200);
    await page.keyboard.press("Enter");
    await page.getByText("Заявка обновлена").first().waitFor();
    await card.getByText("Рассмотрена", { exact: true }).waitFor();
    const reopen = card.getByRole("button", { name: "Открыть снова" });
    await expect.poll(() => reopen.evaluate((button) => button === document.activeElement)).toBe(true);
    // And back, still by keyboard, so the shared demo data keeps its open claim.
    await page.keyboard.press("Enter");
    await card.getByText("Не рассмотрена", { exact: true }).waitFor();
    await expect.poll(() => mark.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
