import { readFile } from "node:fs/promises";
import type { TModification } from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN } from "./support/constants.ts";

let browser: Browser;
let page: Page;
let token: string;
beforeAll(async () => {
  browser = await launchChromium();
  page = await openPage(browser);
  token = await apiToken(ADMIN);
});
afterAll(() => browser.close());

const suffix = Date.now().toString(36);
const BRAND = `E2E брэнд ${suffix}`;
const PRODUCT = `E2E продукт ${suffix}`;
const MODIFICATION = `E2E 64 ГБ ${suffix}`;

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json() as Promise<T>;
}

async function stored(): Promise<TModification> {
  const found = await getJson<TModification[]>(
    `/api/storehouse/modifications/search/?q=${encodeURIComponent(MODIFICATION)}`,
  );
  const m = found.find((x) => x.name === MODIFICATION);
  if (!m) throw new Error("modification not found");
  return m;
}

async function saveDialog(title: string, name: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.getByLabel("Название").fill(name);
  await dialog.getByRole("button", { name: "Сохранить" }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("offers page", () => {
  it("adds a brand, a product and a modification with two tiers", async () => {
    await signIn(page, ADMIN);
    await page.goto("/offers");
    await page.getByRole("tab").first().waitFor();

    await page.getByRole("button", { name: "Добавить брэнд" }).click();
    await saveDialog("Добавить брэнд", BRAND);
    await page.getByRole("tab", { name: BRAND, selected: true }).waitFor();

    await page.getByRole("button", { name: "Добавить продукт" }).click();
    await saveDialog("Добавить продукт", PRODUCT);
    await page.getByText("Модификаций нет").waitFor();

    await page.getByRole("button", { name: "Добавить", exact: true }).click();
    const add = page.getByRole("dialog", { name: "Добавить модификацию" });
    await add.getByLabel("Название").fill(MODIFICATION);
    await add.getByLabel("Количество").fill("10");
    await add.getByLabel("Малый опт").fill("100");
    await add.getByLabel("Крупный опт").fill("90");
    await add.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText("Модификация создана").waitFor();
    await page.getByRole("cell", { name: MODIFICATION, exact: true }).waitFor();

    await page.getByRole("button", { name: `Редактировать ${MODIFICATION}` }).click();
    const edit = page.getByRole("dialog", { name: `Модификация: ${MODIFICATION}` });
    await edit.getByRole("tab", { name: "Основное", selected: true }).waitFor();
    await edit.getByRole("button", { name: "Добавить" }).click();
    await edit.getByRole("spinbutton", { name: "Малый опт: цена, строка 2" }).fill("95");
    await edit.getByRole("spinbutton", { name: "Крупный опт: цена, строка 2" }).fill("85");
    await edit.getByRole("button", { name: "Сохранить" }).click();
    await edit.waitFor({ state: "hidden" });

    const m = await stored();
    expect(m.prices.map((p) => [p.quantity_from, p.small_wholesale, p.large_wholesale])).toEqual([
      [1, 100, 90],
      [10, 95, 85],
    ]);
    expect(m).toMatchObject({
      quantity: 10,
      available_small_wholesale: true,
      available_large_wholesale: true,
    });
  });

  it("changes the quantity by its difference", async () => {
    const field = page.getByRole("spinbutton", { name: `Количество: ${MODIFICATION}` });
    await field.fill("15");
    await field.press("Enter");
    await page.getByText("Количество обновлено").waitFor();
    expect(await stored()).toMatchObject({ quantity: 15, quantity_added: 5 });
  });

  it("cycles availability true -> null -> false -> true", async () => {
    const cell = (state: string) =>
      page.getByRole("button", { name: `Малый опт: ${MODIFICATION}: ${state}` });
    await cell("Доступно").click();
    await cell("Не определено").waitFor();
    expect((await stored()).available_small_wholesale).toBeNull();
    await cell("Не определено").click();
    await cell("Недоступно").waitFor();
    expect((await stored()).available_small_wholesale).toBe(false);
    await cell("Недоступно").click();
    await cell("Доступно").waitFor();
    expect((await stored()).available_small_wholesale).toBe(true);
  });

  it("changes prices in bulk over the chosen product once its preview is confirmed, and keeps the selection", async () => {
    await page.getByRole("button", { name: "Изменение цен" }).click();
    const dialog = page.getByRole("dialog", { name: "Изменение цен" });
    await dialog.getByLabel("Валюта").click();
    await page.getByRole("option", { name: /Рубль/ }).click();
    await dialog.getByLabel("Новый курс").fill("1,5");
    await dialog.getByLabel("Старый курс").fill("1");
    await dialog.getByText("Цены умножатся на 1,50000 (+50\u00a0%)").waitFor();
    await dialog.getByRole("button", { name: "Применить" }).click();
    await dialog.getByText("Изменятся цены: 2 (малый опт, ₽, × 1,50000).").waitFor();
    await dialog.getByText("от 10 шт.: 95\u00a0₽ → 142,50\u00a0₽").waitFor();
    expect((await stored()).prices.map((p) => p.small_wholesale)).toEqual([100, 95]);
    await dialog.getByRole("button", { name: "Изменить цены" }).click();
    await page.getByText("Цены обновлены: 2").waitFor();
    expect((await stored()).prices.map((p) => p.small_wholesale)).toEqual([150, 142.5]);
    // The product stays open: the changed prices are there to be checked.
    await page.getByRole("cell", { name: MODIFICATION, exact: true }).waitFor();
  });

  it("imports the downloaded template", async () => {
    await page.getByRole("button", { name: "Новый файл" }).click();
    const dialog = page.getByRole("dialog", { name: "Новый файл" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Скачать шаблон" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Шаблон_предложений.xlsx");
    const path = await download.path();
    await dialog.getByLabel("Файл предложений").setInputFiles({
      name: "Шаблон_предложений.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await readFile(path),
    });
    await dialog.getByText(/Строк: 2\./).waitFor();
    await dialog.getByRole("button", { name: "Закрыть" }).click();
  });

  it("makes and downloads a leftover report", async () => {
    await page.getByRole("button", { name: "Остатки" }).click();
    const dialog = page.getByRole("dialog", { name: /^Остатки/ });
    await dialog.getByRole("button", { name: "Сформировать" }).click();
    await page.getByText("Отчет создан").waitFor();
    const button = dialog.getByRole("button", { name: /^Скачать Остатки_/ }).first();
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^Остатки_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.xlsx$/);
  });

  it("the modification dialog reopens on «Основное» whatever tab was used, at one height", async () => {
    await page.goto("/offers");
    await page.getByRole("tab", { name: BRAND }).click();
    await page.getByText(PRODUCT, { exact: true }).first().click();
    await page.getByRole("button", { name: `Редактировать ${MODIFICATION}` }).click();
    const edit = page.getByRole("dialog", { name: `Модификация: ${MODIFICATION}` });
    await edit.getByRole("tab", { name: "Основное", selected: true }).waitFor();
    const content = edit.locator(".MuiDialogContent-root");
    const mainHeight = (await content.boundingBox())?.height;
    await edit.getByRole("tab", { name: "История" }).click();
    await edit.getByRole("tab", { name: "История", selected: true }).waitFor();
    expect((await content.boundingBox())?.height).toBe(mainHeight);
    await edit.getByRole("button", { name: "Закрыть" }).click();
    await edit.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: `Редактировать ${MODIFICATION}` }).click();
    await edit.getByRole("tab", { name: "Основное", selected: true }).waitFor();
    await edit.getByRole("button", { name: "Закрыть" }).click();
    await edit.waitFor({ state: "hidden" });
  });

  it("the exclusivity dialog opens on the brand's current state", async () => {
    const brand = (await getJson<{ id: number; name: string }[]>("/api/storehouse/brands/")).find(
      (b) => b.name === BRAND,
    );
    if (!brand) throw new Error("brand not found");
    const open = async () => {
      await page.getByRole("button", { name: "Эксклюзивность" }).click();
      const dialog = page.getByRole("dialog", { name: "Эксклюзивность брэнда" });
      await dialog.getByLabel("Брэнд").click();
      await page.getByRole("option", { name: BRAND, exact: true }).click();
      return dialog;
    };

    // Never set: switched off.
    let dialog = await open();
    await expect.poll(() => dialog.getByRole("switch", { name: "Эксклюзив" }).isChecked()).toBe(false);
    await dialog.getByRole("switch", { name: "Эксклюзив" }).check();
    await dialog.getByLabel("Коэффициент").fill("1.5");
    await dialog.getByLabel("Процент").fill("20");
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await dialog.waitFor({ state: "hidden" });

    dialog = await open();
    await expect.poll(() => dialog.getByLabel("Коэффициент").inputValue()).toBe("1.5");
    expect(await dialog.getByRole("switch", { name: "Эксклюзив" }).isChecked()).toBe(true);
    expect(await dialog.getByLabel("Процент").inputValue()).toBe("20");
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await dialog.waitFor({ state: "hidden" });
    const state = await getJson(`/api/storehouse/brands/${brand.id}/exclusives/`);
    expect(state).toEqual({ brand_id: brand.id, exclusive: true, ratio: 1.5, percent: 20 });
  });
});
