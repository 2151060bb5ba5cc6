import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, DEMO } from "./support/constants.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

describe("what a day of use showed", () => {
  it("the seller has the collect buttons and edits positions; the storehouse only views", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.seller);
    await page.goto("/orders");
    await page.getByTestId("order-card").first().waitFor();
    await page.getByRole("button", { name: "Собрать все" }).waitFor();
    await page.getByRole("button", { name: "Собрать направление" }).waitFor();
    expect(await page.getByRole("button", { name: "Собрать", exact: true }).count()).toBeGreaterThan(0);
    const editable = page
      .getByTestId("order-card")
      .filter({ has: page.getByText("Д", { exact: true }) })
      .first();
    await editable.getByRole("button", { name: /Открыть заказ/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByRole("button", { name: /^Изменить / })
      .first()
      .waitFor();
    await dialog
      .getByRole("button", { name: /^Удалить / })
      .first()
      .waitFor();
    await page.context().close();

    const storehouse = await openPage(browser);
    await signIn(storehouse, DEMO.storehouse);
    await storehouse.goto("/orders");
    await storehouse.getByRole("tab", { name: "Онлайн-заказы" }).click();
    await storehouse.getByTestId("order-card").first().waitFor();
    expect(await storehouse.getByRole("button", { name: /Открыть заказ/ }).count()).toBe(0);
    expect(await storehouse.getByRole("button", { name: "Собрать все" }).count()).toBe(0);
    await storehouse
      .getByRole("button", { name: /Просмотр заказа/ })
      .first()
      .click();
    const view = storehouse.getByRole("dialog");
    await view.waitFor();
    expect(await view.getByRole("button", { name: /^(Изменить|Удалить) / }).count()).toBe(0);
    await storehouse.context().close();
  });

  it("«Собрать все» asks first, naming how many orders and positions go, and Отмена sends nothing", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/orders");
    await page.getByTestId("order-card").first().waitFor();
    await expect.poll(() => page.title()).toBe("Онлайн-заказы — Бэк-офис");
    await page.getByRole("tab", { name: "Крупный опт" }).click();
    await page.getByRole("button", { name: "Собрать все" }).click();
    const dialog = page.getByRole("dialog", { name: "Собрать все" });
    const counts = dialog.getByTestId("collect-counts");
    await counts.waitFor();
    const text = (await counts.textContent()) ?? "";
    const match = /заказы: (\d+), позиции: (\d+)/.exec(text);
    expect(match, text).not.toBeNull();
    const positions = Number(match?.[2]);
    expect(positions).toBeGreaterThan(0);
    expect(await dialog.getByRole("button").allInnerTexts()).toEqual(["Отмена", "Собрать"]);
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Собрать все" }).click();
    await expect.poll(() => dialog.getByTestId("collect-counts").textContent()).toBe(text);
    await dialog.getByRole("button", { name: "Собрать", exact: true }).click();
    await page.getByText(`Отправлено на сборку позиций: ${positions}`).waitFor();
    await page.context().close();
  });

  it("the History screen filters by account, method and path, and keeps its infinite list", async () => {
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    await page.goto("/history");
    const rows = page.getByTestId("log-row");
    await rows.first().waitFor();

    // An empty list matches every "every": the polls wait for rows first, since the list is briefly empty
    // while a new filter loads.
    const allRows = async (matches: (row: string) => boolean) => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every(matches);
    };
    await page.getByLabel("Путь содержит").fill("token/");
    await expect.poll(() => allRows((r) => r.includes("/api/token/"))).toBe(true);
    expect((await rows.allInnerTexts()).some((r) => r.includes("verify"))).toBe(false);

    await page.getByLabel("Аккаунт").fill(ADMIN.username);
    await page.getByRole("option", { name: ADMIN.username, exact: true }).click();
    await page.getByLabel("Метод").click();
    await page.getByRole("option", { name: "POST" }).click();
    await expect.poll(() => allRows((r) => r.includes("POST") && r.includes(ADMIN.username))).toBe(true);

    await page.getByLabel("Путь содержит").fill("no-such-path-anywhere");
    await page.getByText("Ничего не найдено").waitFor();
    await page.context().close();
  });
});
