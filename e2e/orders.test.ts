import { type TOrder, ZOrderPageSchema } from "@wholesale/contract";
import { fromKopecks, moneyFigure, toKopecks } from "@wholesale/contract/money";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { DEMO } from "./support/constants.ts";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchChromium();
  token = await apiToken(DEMO.office);
});
afterAll(() => browser.close());

async function todaysOrders(query = ""): Promise<TOrder[]> {
  const res = await fetch(`${baseURL()}/api/sales/orders/?limit=1000${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ZOrderPageSchema.parse(await res.json()).results;
}

const digits = (text: string | null) => (text ?? "").replace(/\D/g, "");

describe("orders", () => {
  it("order history groups identical positions and sums their quantities", async () => {
    const orders = await todaysOrders();
    const repeated = orders.find((o) =>
      o.positions.some((p, i) =>
        o.positions.some(
          (q, j) =>
            j > i &&
            q.modification_name === p.modification_name &&
            q.price === p.price &&
            q.status === p.status &&
            q.currency === p.currency,
        ),
      ),
    );
    if (!repeated) throw new Error("the demo data has no order with a repeated position");
    const name = repeated.positions.find(
      (p, i) => repeated.positions.findIndex((q) => q.modification_name === p.modification_name) !== i,
    )?.modification_name;
    const summed = repeated.positions
      .filter((p) => p.modification_name === name)
      .reduce((sum, p) => sum + p.quantity, 0);

    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/statistics");
    await page.getByRole("tab", { name: "История заказов" }).click();
    await page.getByLabel("Поиск по клиенту").fill(repeated.client.nickname);
    const card = page.getByTestId("history-card").filter({ hasText: repeated.client.nickname });
    await card.first().waitFor();
    const lines = card.first().getByTestId("history-line").filter({ hasText: name });
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain(`${summed} ×`);
    await page.context().close();
  });

  it("the office sends one order, then a direction, to collect", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/orders");
    const sendable = page
      .getByTestId("order-card")
      .filter({ has: page.getByRole("button", { name: "Собрать", exact: true, disabled: false }) })
      .first();
    await sendable.waitFor();
    const opener = await sendable.getByRole("button", { name: /Открыть заказ/ }).getAttribute("aria-label");
    const card = page.getByTestId("order-card").filter({ has: page.getByLabel(opener ?? "") });
    await card.getByRole("button", { name: "Собрать", exact: true }).click();
    await page
      .getByText(/Отправлено на сборку позиций: \d+/)
      .first()
      .waitFor();
    await expect
      .poll(() => card.getByRole("button", { name: "Собрать", exact: true }).isDisabled())
      .toBe(true);

    await page.getByRole("button", { name: "Собрать направление" }).click();
    const dialog = page.getByRole("dialog", { name: "Собрать по направлению" });
    await dialog.getByLabel("Направление").click();
    await page.getByRole("option").first().click();
    await dialog.getByRole("button", { name: "Собрать", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByText(/Отправлено на сборку позиций: \d+/).count()).toBeGreaterThan(1);
    await page.context().close();
  });

  it("the storehouse collects on a phone: ticks a position, marks an order Собрано, then takes it back", async () => {
    const page = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, DEMO.storehouse);
    await page.waitForURL("**/orders");
    await expect.poll(() => page.getByRole("button", { name: "Собрать все" }).count()).toBe(0);

    // Directions come folded (the first with work left open): the list at the top opens each one.
    const orders = page.getByTestId("collection-order");
    await orders.first().waitFor();
    const directions = page.getByRole("navigation", { name: "Направления" }).getByRole("button");
    for (const direction of await directions.all()) await direction.click();
    await expect.poll(() => page.getByRole("main").getByRole("button", { expanded: false }).count()).toBe(0);
    // An order with two positions still to collect: after one tick it stays in the list.
    let orderNumber = "";
    for (const candidate of await orders.all()) {
      if ((await candidate.getByRole("checkbox", { checked: false }).count()) >= 2) {
        orderNumber = digits(await candidate.getByText(/Заказ №/).textContent());
        break;
      }
    }
    expect(orderNumber).not.toBe("");
    const order = page.getByTestId("collection-order").filter({ hasText: `Заказ № ${orderNumber}` });

    const checked = order.getByRole("checkbox", { checked: true });
    const before = await checked.count();
    await order.getByRole("checkbox", { checked: false }).first().click();
    await expect.poll(() => checked.count()).toBe(before + 1);

    const left = await order.getByRole("checkbox", { checked: false }).count();
    // «собран» is said of an order the office sent all of; of another, that what was sent is collected.
    const whole = (await order.getByText("Не все позиции отправлены на сборку").count()) === 0;
    await order.getByRole("button", { name: "Собрано" }).click();
    const notice = page.getByRole("alert").filter({
      hasText: whole ? `Заказ № ${orderNumber} собран` : `Заказ № ${orderNumber}: отправленное собрано`,
    });
    // Fully collected, the order leaves the storehouse's list; its notice takes the mis-tap back.
    await expect.poll(() => order.count()).toBe(0);
    await notice.getByRole("button", { name: "Отменить" }).click();
    await page.getByText(`Заказ № ${orderNumber} снова на сборке`).waitFor();
    await expect.poll(() => order.getByRole("checkbox", { checked: false }).count()).toBe(left);
    await expect.poll(() => order.getByRole("checkbox", { checked: true }).count()).toBe(before + 1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("an order opened on a 390px phone fits the screen, every button on it", async () => {
    const page = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, DEMO.office);
    await page.goto("/orders");
    await page.getByTestId("order-card").first().waitFor();
    await page
      .getByRole("button", { name: /Открыть заказ/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("table", { name: "Позиции заказа" }).waitFor();
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every action stays on screen: the dialog's buttons are inside its width.
    for (const button of await dialog.getByRole("button").all()) {
      const b = await button.boundingBox();
      if (b) expect(b.x + b.width).toBeLessThanOrEqual(390 + 1);
    }
    await page.context().close();
  });

  it("the office edits a position's quantity and sees the total change", async () => {
    const orders = await todaysOrders("&client_type=3");
    const order = orders.find((o) =>
      o.positions.some((p) => p.status === "added" && p.quantity > 1 && o.total.length === 1),
    );
    const position = order?.positions.find((p) => p.status === "added" && p.quantity > 1);
    if (!order || !position) throw new Error("the demo data has no editable position");
    const kopecks =
      toKopecks(order.total[0]?.amount ?? 0) - toKopecks(position.price) * (position.quantity - 1);
    // The dialog's «Итого» keeps its kopecks, as its rows do; the card's is floored.
    const exact = moneyFigure(fromKopecks(kopecks));
    const floored = String(Math.floor(kopecks / 100));

    const page = await openPage(browser);
    page.setDefaultTimeout(10_000);
    await signIn(page, DEMO.office);
    await page.goto("/orders");
    await page.getByLabel("Поиск по клиенту").fill(String(order.client.id));
    await expect.poll(() => page.getByTestId("orders-counter").textContent()).toBe("Показано: 1 из 1");
    await page.getByRole("button", { name: `Открыть заказ ${order.id}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByRole("button", { name: `Изменить ${position.modification_name}` })
      .first()
      .click();
    await dialog.getByRole("spinbutton", { name: "Количество" }).fill("1");
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText("Позиция обновлена").waitFor();
    await expect
      .poll(async () => digits(await dialog.getByTestId("dialog-total").textContent()))
      .toBe(digits(exact));
    await dialog.getByRole("button", { name: "Закрыть" }).click();
    const card = page
      .getByTestId("order-card")
      .filter({ has: page.getByRole("button", { name: `Открыть заказ ${order.id}` }) });
    await expect.poll(async () => digits(await card.getByTestId("order-total").textContent())).toBe(floored);
    await page.context().close();
  });
});
