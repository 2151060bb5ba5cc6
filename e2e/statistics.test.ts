import {
  flooredUnits,
  percentRemaining,
  positionName,
  type TDateStatisticsItem,
  type TLowModification,
  ZBrandStatisticsSchema,
  ZClientGroupSchema,
  ZDashboardSchema,
  ZDateStatisticsSchema,
  ZLowModificationsSchema,
  ZOrderPageSchema,
  z,
} from "@wholesale/contract";
import type { Browser, Locator } from "playwright-core";
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

/** A statistics answer as the office reads it: what the screen is expected to show. */
async function get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return schema.parse(await res.json());
}

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
const daysAgo = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(Date.now() - days * 86_400_000);

const firstColumn = (table: Locator) => table.locator("tbody tr td:first-child").allTextContents();
/** The table's first column holds exactly these names (in any order); waits for a load to finish. */
const expectNames = (table: Locator, names: string[]) =>
  expect.poll(async () => (await firstColumn(table)).sort()).toEqual([...names].sort());
const modificationName = ({ modification: m }: TDateStatisticsItem) =>
  positionName({ brand: m.brand, product: m.product, modification: m.name });
/** As staff call a product: its specifications when they spell the modification already (the demo's do). */
const productName = (m: TLowModification) => {
  if (!m.specifications) return m.name;
  return m.specifications.toLowerCase().includes(m.name.toLowerCase())
    ? m.specifications
    : `${m.name} (${m.specifications})`;
};

describe("statistics", () => {
  it("walks every tab of /statistics with the demo's sales", async () => {
    const day = today();
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/statistics");

    const clients = page.getByTestId("client-statistics");
    await clients.waitFor();
    expect(await clients.getByRole("row").count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByTestId("client-total").textContent()).toMatch(/Всего: \d/);
    // The top client bought in the default range (7 days ago through today): eight days, some with orders.
    await clients.getByRole("row").nth(1).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Продажи клиента по дням").waitFor();
    const days = dialog.getByTestId("client-days");
    await days.waitFor();
    expect(await days.locator("tbody tr").count()).toBe(8);
    expect(await days.getByTestId("day-with-orders").count()).toBeGreaterThan(0);
    await page.keyboard.press("Escape");

    // По брэнду, no brand chosen: every modification sold today.
    await page.getByRole("tab", { name: "По дням" }).click();
    const perDay = page.getByTestId("date-statistics");
    const sold = await get(`/statistics/date/?date=${day}`, ZDateStatisticsSchema);
    expect(sold.statistics.length).toBeGreaterThan(0);
    await expectNames(perDay, sold.statistics.map(modificationName));
    await page.getByText(/^Итого: \d/).waitFor();

    // По опту, large wholesale: only what large-wholesale clients bought today.
    await page.getByRole("tab", { name: "По опту" }).click();
    await page.getByRole("button", { name: "Крупный опт" }).click();
    const large = await get(`/statistics/date/?date=${day}&type=large`, ZDateStatisticsSchema);
    expect(large.statistics.length).toBeGreaterThan(0);
    expect(large.statistics.length).toBeLessThan(sold.statistics.length);
    await expectNames(perDay, large.statistics.map(modificationName));

    // По группе: the group that bought the most today shows exactly its modifications.
    await page.getByRole("tab", { name: "По группе" }).click();
    const groups = await get("/profiles/groups/", z.array(ZClientGroupSchema));
    const perGroup = await Promise.all(
      groups.map(async (group) => ({
        group,
        items: (await get(`/statistics/date/?date=${day}&group_id=${group.id}`, ZDateStatisticsSchema))
          .statistics,
      })),
    );
    const busiest = perGroup.sort((a, b) => b.items.length - a.items.length)[0];
    if (!busiest || busiest.items.length === 0) throw new Error("no client group bought today in the demo");
    await page.getByLabel("Выбор группы").click();
    await page.getByRole("option", { name: busiest.group.name, exact: true }).click();
    await expectNames(perDay, busiest.items.map(modificationName));
    await page.getByText(/^Итого: \d/).waitFor();

    await page.getByRole("tab", { name: "История заказов" }).click();
    await page.getByTestId("history-card").first().waitFor();

    // Problem positions: the server's list, lowest percent remaining first.
    await page.getByRole("tab", { name: "Проблемные позиции" }).click();
    const low = await get(`/statistics/low/?date=${day}`, ZLowModificationsSchema);
    expect(low.length).toBeGreaterThan(0);
    const percent = (m: TLowModification) => percentRemaining(m.quantity, m.quantity_on_start);
    const lowestFirst = [...low].sort((a, b) => percent(a) - percent(b)).map(productName);
    await expect.poll(() => firstColumn(page.getByTestId("problem-positions"))).toEqual(lowestFirst);

    // Per brand: every brand sold today, «Общая сумма» floored (part 1 §9), and «Итого» the day's sales as the
    // dashboard gives them, floored once (not the sum of the floored rows).
    await page.getByRole("tab", { name: "По брэндам" }).click();
    const brands = page.getByTestId("brand-statistics");
    const byBrand = await get(`/statistics/date/brand/?date=${day}`, ZBrandStatisticsSchema);
    await expectNames(brands, Object.keys(byBrand));
    const sums = await brands.locator("tbody td:nth-child(5)").allTextContents();
    expect(sums.filter((s) => /\d,\d/.test(s))).toEqual([]);
    const whole = new Intl.NumberFormat("ru-RU");
    const { sales } = await get("/dashboard/", ZDashboardSchema);
    const daySales = (sales?.today.totals ?? []).map(
      (t) => `${whole.format(flooredUnits(t.total))} ${t.currency_sign}`,
    );
    const shown = async () =>
      (await page.getByTestId("brand-total").textContent())
        ?.replace(/\s+/g, " ")
        .replace(/^Итого: /, "")
        .split(" · ")
        .sort();
    await expect.poll(shown).toEqual(daySales.map((s) => s.replace(/\s+/g, " ")).sort());
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Скачать xlsx" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Статистика_по_брэндам_${day}.xlsx`);
    await page.context().close();
  });

  it("a client's days over a range longer than the server gives says why instead of an unexplained empty list", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/statistics");
    await page.getByTestId("client-statistics").waitFor();
    await page.getByLabel("От", { exact: true }).fill(daysAgo(500));
    const clients = page.getByTestId("client-statistics");
    await clients.getByRole("row").nth(1).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("alert").getByText("Период не может быть длиннее 400 дней").waitFor();
    await dialog.getByText("Нет данных для отображения").waitFor();
    await page.context().close();
  });

  it("makes an invoice for a client who ordered today and downloads it; makes today's report and downloads it", async () => {
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

    // «Накладные по датам»: the report made now for today is listed under today and downloads as such.
    const day = today();
    await page.getByRole("button", { name: "Сделать отчет за день" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Сделать" }).click();
    await page.getByText("Отчет создан").waitFor();
    await page.getByRole("tab", { name: "Накладные по датам" }).click();
    // Listed by its Russian date (25.11.2026).
    const shownDay = day.split("-").reverse().join(".");
    const todays = page.getByTestId("daily-reports").getByRole("row").filter({ hasText: shownDay });
    await todays.waitFor();
    const [report] = await Promise.all([
      page.waitForEvent("download"),
      todays.getByRole("button", { name: /^Скачать / }).click(),
    ]);
    expect(report.suggestedFilename()).toBe(`Отчет_${day}.xlsx`);
    await page.context().close();
  });
});
