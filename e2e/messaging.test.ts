import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TClaim, TClientMessage, TPaged } from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { DEMO } from "./support/constants.ts";

let browser: Browser;
let page: Page;
let token: string;
beforeAll(async () => {
  browser = await launchChromium();
  page = await openPage(browser);
  await signIn(page, DEMO.office);
  token = await apiToken(DEMO.office);
});
afterAll(() => browser.close());

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json() as Promise<T>;
}

/** A real 1×1 PNG on disk, for the file chooser. */
function pngFile(): string {
  const path = join(tmpdir(), "e2e-photo.png");
  const png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  writeFileSync(path, Buffer.from(png, "base64"));
  return path;
}

describe("messages page", () => {
  it("sends a message with a photo to small wholesale", async () => {
    await page.goto("/messages");
    await expect.poll(() => page.getByRole("heading", { name: "Сообщения", exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: "Сообщение", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Сообщение" });
    await dialog.getByLabel("Текст").fill("E2E: новое поступление чехлов");
    await dialog.getByLabel("Фото").setInputFiles(pngFile());
    await dialog.getByRole("img", { name: "Предпросмотр фото" }).waitFor();
    await dialog.getByRole("button", { name: "Малому" }).click();
    const confirm = page.getByRole("dialog", { name: "Отправить сообщение сейчас?" });
    await confirm.getByText(/^Сообщение получат \d+ клиент(а|ов)?: клиенты малого опта$/).waitFor();
    await confirm.getByRole("button", { name: "Отправить" }).click();
    await page.getByText("Сообщение отправлено").first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    const sent = await get<TClientMessage[]>("/messaging/to-clients/?sent=true&limit=1");
    expect(sent[0]).toMatchObject({ text: "E2E: новое поступление чехлов", client_type: 3, has_photo: true });
    expect(sent[0]?.recipients).toBeGreaterThan(0);
    const table = page.getByRole("table", { name: "Отправленные сообщения" });
    await table.getByText(`Доставлено 0 из ${sent[0]?.recipients}`).first().waitFor();
  });

  it("schedules a message and deletes it", async () => {
    await page.getByRole("button", { name: "Отложенное сообщение" }).click();
    const dialog = page.getByRole("dialog", { name: "Отложенное сообщение" });
    await dialog.getByLabel("Время").fill("23:45");
    await dialog.getByLabel("Текст").fill("E2E: отложенное крупным");
    await dialog.getByRole("button", { name: "Крупному" }).click();
    await page.getByText("Сообщение запланировано").first().waitFor();

    const list = page.getByRole("list", { name: "Отложенные сообщения" });
    const item = list.getByRole("listitem").filter({ hasText: "E2E: отложенное крупным" });
    await item.getByText("23:45").waitFor();
    await item.getByText("Крупный", { exact: true }).waitFor();
    await item.getByRole("button", { name: "Удалить" }).click();
    await page.getByRole("button", { name: "Да" }).click();
    await page.getByText("Сообщение удалено").first().waitFor();
    await item.waitFor({ state: "detached" });
    const scheduled = await get<TClientMessage[]>("/messaging/to-clients/?sent=false");
    expect(scheduled.map((m) => m.text)).not.toContain("E2E: отложенное крупным");
  });
});

describe("claims page", () => {
  it("closes a claim and sees it move from Открытые to Закрытые", async () => {
    const open = await get<TPaged<TClaim>>("/messaging/claims/?status=not_reviewed");
    const claim = open.results[0];
    if (!claim) throw new Error("the demo data has no open claims");
    await page.goto("/claims");
    // The title is the app bar's, once.
    await expect.poll(() => page.getByText("Заявки от пользователей", { exact: true }).count()).toBe(1);
    const menu = page.getByRole("navigation", { name: "Разделы" });
    await menu.getByLabel(`Открытых заявок: ${open.count}`).waitFor();

    await page.getByRole("tab", { name: "Открытые" }).click();
    const card = page.getByRole("listitem", { name: `Заявка ${claim.id}` });
    await card.getByText(claim.text).waitFor();
    await card.getByRole("button", { name: "Отметить рассмотренной" }).click();
    await page.getByText("Заявка обновлена").first().waitFor();
    await card.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Закрытые" }).click();
    await page
      .getByRole("listitem", { name: `Заявка ${claim.id}` })
      .getByText("Рассмотрена")
      .waitFor();
    await menu.getByLabel(`Открытых заявок: ${open.count - 1}`).waitFor();
  });
});
