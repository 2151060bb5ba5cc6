import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, signIn } from "./support/browser.ts";
import { ADMIN } from "./support/constants.ts";

/** Keyboard-only walks: what a person without a mouse does, Tab by Tab. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
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
});
