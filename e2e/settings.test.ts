import { hexToRgb } from "@mui/material/styles";
import type { TClientGroup, TMarketSchedule } from "@wholesale/contract";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { theme } from "../web/src/app/theme.ts";
import { apiCall, apiToken, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN } from "./support/constants.ts";

let browser: Browser;
let page: Page;
let token: string;
/** Demo schedules switched off for the test (so the status starts closed whatever the hour), then restored. */
let switchedOff: TMarketSchedule[] = [];

const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(token, method, path, body);

beforeAll(async () => {
  browser = await launchChromium();
  page = await openPage(browser);
  token = await apiToken(ADMIN);
  const { results } = await call<{ results: TMarketSchedule[] }>("GET", "/storehouse/market-schedules/");
  switchedOff = results.filter((s) => s.is_active);
  for (const s of switchedOff)
    await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: false });
  await signIn(page, ADMIN);
});
afterAll(async () => {
  const { results } = await call<{ results: TMarketSchedule[] }>("GET", "/storehouse/market-schedules/");
  for (const s of results.filter((r) => r.name.startsWith("E2E расписание"))) {
    await call("DELETE", `/storehouse/market-schedules/${s.id}/`);
  }
  for (const s of switchedOff)
    await call("PUT", `/storehouse/market-schedules/${s.id}/`, { is_active: true });
  await browser.close();
});

/** Moscow wall-clock time `minutes` from now, HH:MM. */
function moscowTime(minutes: number): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Moscow",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(Date.now() + minutes * 60_000));
}

const statusCard = () => page.getByTestId("market-status");

/** Spec 2.8: the status reads «Маркет открыт» in the theme's green or «Маркет закрыт» in its red. */
async function expectStatus(open: boolean): Promise<void> {
  const line = statusCard().getByText(open ? "Маркет открыт" : "Маркет закрыт");
  await line.waitFor();
  const color = await line.evaluate((element) => getComputedStyle(element).color);
  expect(color).toBe(hexToRgb(open ? theme.palette.success.main : theme.palette.error.main));
}

/** Spec 2.5: a settings dialog is 500-800px wide on a desktop. */
async function expectDesktopDialogWidth(dialog: Locator): Promise<void> {
  const width = (await dialog.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThanOrEqual(500);
  expect(width).toBeLessThanOrEqual(800);
}

describe("settings page", () => {
  const name = `E2E расписание ${Date.now() % 100000}`;
  let schedule: Locator;

  it("creates a schedule with an interval containing now for one group, and the status turns green", async () => {
    await page.goto("/settings");
    await expectStatus(false);

    await page.getByRole("button", { name: "Добавить расписание" }).click();
    const add = page.getByRole("dialog");
    await expectDesktopDialogWidth(add);
    await add.getByLabel("Название").fill(name);
    await add.getByRole("button", { name: "Сохранить" }).click();
    await add.waitFor({ state: "detached" });
    schedule = page
      .locator('[data-testid^="schedule-"]')
      .filter({ has: page.locator(`input[value="${name}"]`) });
    await schedule.getByText("Нет временных интервалов").waitFor();

    const [start, end] = [moscowTime(-60), moscowTime(60)];
    await schedule.getByRole("button", { name: "Добавить интервал" }).click();
    const interval = page.getByRole("dialog");
    await expectDesktopDialogWidth(interval);
    await interval.getByLabel("Время начала").fill(start);
    await interval.getByLabel("Время окончания").fill(end);
    await interval.getByRole("button", { name: "Сохранить" }).click();
    await interval.waitFor({ state: "detached" });
    await schedule.getByText(`Ежедневно: ${start} - ${end}`).waitFor();

    const groups = await call<TClientGroup[]>("GET", "/profiles/groups/");
    const group = groups[0];
    if (!group) throw new Error("the demo data has no client groups");
    await schedule.getByRole("button", { name: "Управление клиентами" }).click();
    const clients = page.getByRole("dialog");
    await clients.getByText(`Управление клиентами для "${name}"`).waitFor();
    await expectDesktopDialogWidth(clients);
    await clients.getByRole("tab", { name: "Группы клиентов" }).click();
    await clients.getByRole("combobox", { name: "Группы клиентов" }).click();
    await page.getByRole("option", { name: group.name, exact: true }).click();
    await clients.getByRole("button", { name: "Сохранить" }).click();
    await clients.waitFor({ state: "detached" });

    await expectStatus(true);
    await statusCard().getByText(`Активные расписания: ${name}`).waitFor();
    const saved = (
      await call<{ results: TMarketSchedule[] }>("GET", "/storehouse/market-schedules/")
    ).results.find((s) => s.name === name);
    expect(saved).toMatchObject({ is_open: true, client_groups: [group.id], client_types: [], clients: [] });
  });

  it("closes it by hand: the status turns red and the button offers to open it again", async () => {
    await schedule.getByRole("button", { name: "Закрыть маркет" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Закрыть", exact: true }).click();
    await expectStatus(false);
    await schedule.getByRole("button", { name: "Открыть маркет" }).waitFor();
    await page.reload();
    await expectStatus(false);
  });

  it("on a 390px phone the settings dialogs take the screen's width, margins aside", async () => {
    const phone = await openPage(browser, { width: 390, height: 844 });
    await signIn(phone, ADMIN);
    await phone.goto("/settings");
    const mine = phone
      .locator('[data-testid^="schedule-"]')
      .filter({ has: phone.locator(`input[value="${name}"]`) });
    for (const opener of ["Добавить интервал", "Открыть маркет", "Управление клиентами"]) {
      await mine.getByRole("button", { name: opener }).click();
      const dialog = phone.getByRole("dialog");
      const box = await dialog.boundingBox();
      // MUI's fullWidth dialog keeps 32px margins each side.
      expect(box, opener).toMatchObject({ x: 32, width: 390 - 64 });
      await dialog.getByRole("button", { name: "Отмена" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    await phone.context().close();
  });

  it("edits the welcome text and reads it back after a reload", async () => {
    const text = `Добро пожаловать! Проверка ${Date.now()}`;
    const editor = page.getByLabel("Приветственное сообщение (/start)", { exact: true });
    await editor.fill(text);
    await page.getByRole("button", { name: "Изменить: Приветственное сообщение (/start)" }).click();
    await page.getByText("Сообщение бота сохранено").waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByLabel("Приветственное сообщение (/start)", { exact: true }).inputValue())
      .toBe(text);
  });
});
