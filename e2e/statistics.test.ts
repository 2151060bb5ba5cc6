import { ZOrderPageSchema } from "@wholesale/contract";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, launchBrowser, openPage, signIn } from "./support/browser.ts";
import { DEMO } from "./support/constants.ts";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken(DEMO.office);
});
afterAll(() => browser.close());

describe("statistics", () => {
  it("walks every tab of /statistics with the demo's sales", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/statistics");

    const clients = page.getByTestId("client-statistics");
    await clients.waitFor();
    expect(await clients.getByRole("row").count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId("client-total").textContent()).toMatch(/Всего: \d/);
    await clients.getByRole("row").nth(1).click();
    await page.getByRole("dialog").getByText("Продажи клиента по дням").waitFor();
    await page.getByRole("dialog").getByTestId("client-days").waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "По дням" }).click();
    await page.getByTestId("date-statistics").waitFor();
    await page.getByRole("tab", { name: "По опту" }).click();
    await page.getByRole("button", { name: "Крупный опт" }).click();
    await page.getByRole("tab", { name: "По группе" }).click();
    await page.getByLabel("Выбор группы").click();
    await page.getByRole("option").first().click();

    await page.getByRole("tab", { name: "История заказов" }).click();
    await page.getByTestId("history-card").first().waitFor();

    await page.getByRole("tab", { name: "Проблемные позиции" }).click();
    await page.getByLabel("Поиск по продуктам").waitFor();

    await page.getByRole("tab", { name: "По брэндам" }).click();
    const brands = page.getByTestId("brand-statistics");
    await brands.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Скачать xlsx" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Статистика_по_брэндам_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.context().close();
  });

  it("makes an invoice for a client who ordered today and downloads it", async () => {
    const res = await fetch(`${baseURL()}/api/sales/orders/?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const order = ZOrderPageSchema.parse(await res.json()).results[0];
    if (!order) throw new Error("the demo data has no order today");

    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/invoices");
    await page.getByRole("button", { name: "Сделать накладную" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Клиент").fill(order.client.nickname);
    await page.getByRole("option").first().click();
    await dialog.getByRole("button", { name: "Сделать" }).click();
    await page.getByText("Накладная создана").waitFor();

    const type = order.client_type === 2 ? "Крупный опт" : "Малый опт";
    await page.getByRole("tab", { name: type }).click();
    const table = page.getByTestId("invoices");
    await table.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      table
        .getByRole("button", { name: /^Скачать / })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Накладная_\d{4}-\d{2}-\d{2}_.+\.xlsx$/);

    await page.getByRole("tab", { name: "Накладные по датам" }).click();
    await page
      .getByText(/Пока данных нет|Действия/)
      .first()
      .waitFor();
    await page.context().close();
  });
});
