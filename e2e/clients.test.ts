import type { TClient, TOrganization, TRegistrationRequest } from "@wholesale/contract";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, TELEGRAM_BOT_USERNAME } from "./support/constants.ts";

let browser: Browser;
let page: Page;
let token: string;
beforeAll(async () => {
  browser = await launchChromium();
  page = await openPage(browser);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
  await signIn(page, ADMIN);
  token = await apiToken(ADMIN);
});
afterAll(() => browser.close());

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json() as Promise<T>;
}

const openTab = async (name: string) => {
  await page.getByRole("tab", { name, exact: true }).click();
};

/** Opens an MUI select by its label and picks an option (the first one when no name is given). */
async function choose(label: string, option?: string) {
  await page.getByRole("combobox", { name: label }).click();
  const options = page.getByRole("option");
  await (option ? options.filter({ hasText: option }).first() : options.nth(0)).click();
}

describe("clients page", () => {
  let client: TClient;

  it("finds a client by search", async () => {
    const active = await get<{ results: TClient[] }>("/profiles/clients/?tab=active&limit=1");
    const first = active.results[0];
    if (!first) throw new Error("the demo data has no active clients");
    client = first;
    await page.goto("/clients");
    await page.getByRole("table", { name: "Клиенты" }).getByRole("row").nth(1).waitFor();
    await page
      .getByLabel("Поиск по клиентам")
      .fill(client.telegram_username?.toUpperCase() ?? client.nickname);
    const rows = page.getByRole("table", { name: "Клиенты" }).getByRole("row");
    await expect.poll(() => rows.count()).toBe(2);
    await rows.nth(1).getByText(client.nickname).waitFor();
  });

  it("bans and unbans the client from its dialog", async () => {
    await page.getByRole("table", { name: "Клиенты" }).getByRole("row").nth(1).click();
    const dialog = page.getByRole("dialog", { name: "Редактировать клиента" });
    await dialog.getByText("Статус: Активен").waitFor();
    await dialog.getByRole("button", { name: "Временный бан" }).click();
    await dialog.getByText("Статус: Временный блок").waitFor();
    expect((await get<TClient>(`/profiles/clients/${client.id}/`)).banned).toBe(true);
    await dialog.getByRole("button", { name: "Снять временный бан" }).click();
    await dialog.getByText("Статус: Активен").waitFor();
    expect((await get<TClient>(`/profiles/clients/${client.id}/`)).banned).toBe(false);
  });

  it("edits the access rules (limit, banned brands, all prices): a name and a limit or «Без лимита» are required", async () => {
    const dialog = page.getByRole("dialog", { name: "Редактировать клиента" });
    await dialog.getByLabel("Имя").fill("");
    // Most demo clients have no cap, and the dialog opens them on «Без лимита»: neither is a refusal.
    await dialog.getByRole("checkbox", { name: "Без лимита" }).uncheck();
    await dialog.getByLabel("Лимит суммы заказа").fill("");
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await dialog.getByText("Укажите лимит суммы заказа или отметьте «Без лимита»").waitFor();
    await expect.poll(() => dialog.getByText("Required.").count()).toBe(1);
    await dialog.getByLabel("Имя").fill(client.nickname);
    await dialog.getByLabel("Лимит суммы заказа").fill("25000");
    // Brands come from the catalogue's list.
    await dialog.getByLabel("Запрещенные брэнды").fill("Base");
    await page.getByRole("option", { name: "Baseus" }).click();
    await dialog.getByLabel("Все цены для брэндов").fill("Hoc");
    await page.getByRole("option", { name: "Hoco" }).click();
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText("Клиент обновлен").first().waitFor();
    await dialog.waitFor({ state: "hidden" });
    const saved = await get<TClient>(`/profiles/clients/${client.id}/`);
    expect(saved.accessrules?.total_limit).toBe(25000);
    expect(saved.accessrules?.banned_brands).toContain("Baseus");
    expect(saved.accessrules?.all_prices).toContain("Hoco");
  });

  it("adds a client from a registration request", async () => {
    const [request] = await get<TRegistrationRequest[]>("/profiles/registration-requests/");
    if (!request) throw new Error("the demo data has no registration requests");
    const who = request.client.telegram_username ?? request.client.nickname;
    await openTab("Заявки");
    await page.getByRole("button", { name: `Добавить клиента ${who}` }).click();
    const dialog = page.getByRole("dialog", { name: "Добавить клиента" });
    // The volume starts as the client chose it in the bot; the rest is staff's to fill in.
    const asked = request.client.client_type === 2 ? "Крупный опт" : "Малый опт";
    expect(await dialog.getByLabel("Объем закупки").textContent()).toBe(asked);
    await dialog.getByLabel("Имя").fill("");
    await dialog.getByRole("button", { name: "Добавить" }).click();
    for (const message of ["Имя обязательно", "Группа клиента обязательна", "Направление обязательно"]) {
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByLabel("Имя").fill("Клиент из заявки");
    await choose("Группа клиента");
    await choose("Направление");
    await choose("Объем закупки", "Крупный опт");
    await dialog.getByRole("button", { name: "Добавить" }).click();
    await page.getByText("Клиент добавлен").first().waitFor();
    await page.getByRole("button", { name: `Добавить клиента ${who}` }).waitFor({ state: "detached" });
    const added = await get<TClient>(`/profiles/clients/${request.client.id}/`);
    expect(added).toMatchObject({
      nickname: "Клиент из заявки",
      is_active: true,
      banned: false,
      client_type: 2,
    });
  });

  it("creates a group and a direction", async () => {
    await openTab("Группы");
    await page.getByRole("button", { name: "Добавить группу" }).click();
    await page.getByRole("dialog").getByLabel("Название").fill("E2E группа");
    await page.getByRole("dialog").getByRole("button", { name: "Сохранить" }).click();
    await page.getByRole("table", { name: "Группы" }).getByText("E2E группа").waitFor();

    await openTab("Направления");
    await page.getByRole("button", { name: "Добавить направление" }).click();
    await page.getByRole("dialog").getByLabel("Название").fill("E2E направление");
    await page.getByRole("dialog").getByRole("button", { name: "Сохранить" }).click();
    const row = page
      .getByRole("table", { name: "Направления" })
      .getByRole("row", { name: /E2E направление/ });
    await row.getByText("Активен").waitFor();
    await row.getByRole("button", { name: "Активен: E2E направление" }).click();
    await row.getByText("Заблокирован").waitFor();
  });

  it("creates a collection group with clients; +N opens the clients dialog", async () => {
    await openTab("Группы сборок");
    await page.getByRole("button", { name: "Добавить группу сборки" }).click();
    const dialog = page.getByRole("dialog", { name: "Добавить группу сборки" });
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await dialog.getByText("Обязательное поле").first().waitFor();
    await dialog.getByLabel("Название").fill("E2E сборка");
    await dialog.getByLabel("Время начала сборки").fill("10:30");
    const picker = dialog.getByRole("combobox", { name: "Клиенты" });
    for (let i = 0; i < 4; i++) {
      await picker.click();
      await page.getByRole("option").nth(i).click();
    }
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    const row = page.getByRole("table", { name: "Группы сборок" }).getByRole("row", { name: /E2E сборка/ });
    await row.getByText("10:30").waitFor();
    await row.getByText("+1").click();
    const list = page.getByRole("dialog", { name: "Клиенты: E2E сборка" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(4);
    await list.getByRole("button", { name: "Закрыть" }).click();
  });

  it("creates an organization with a manager, copies its Telegram link and deletes it", async () => {
    await openTab("Организации");
    await page.getByRole("button", { name: "Добавить организацию" }).click();
    const dialog = page.getByRole("dialog", { name: "Добавить организацию" });
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await dialog.getByText("Выберите менеджера").waitFor();
    await dialog.getByLabel("Название").fill("ООО «E2E»");
    await choose("Менеджер", "manager.anna");
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    const row = page.getByRole("table", { name: "Организации" }).getByRole("row", { name: /ООО «E2E»/ });
    await row.getByText("manager.anna").waitFor();
    await row.getByRole("button", { name: "0 сотруд." }).waitFor();

    const copy = row.getByRole("button", { name: "Копировать ссылку Telegram бота: ООО «E2E»" });
    await copy.hover();
    await page.getByRole("tooltip", { name: "Копировать ссылку Telegram бота" }).waitFor();
    await copy.click();
    await page.getByText("Ссылка Telegram скопирована!").waitFor();
    const organizations = await get<TOrganization[]>("/profiles/organizations/");
    const created = organizations.find((o) => o.name === "ООО «E2E»");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`https://t.me/${TELEGRAM_BOT_USERNAME}?start=org_${created?.id}`);

    await row.getByRole("button", { name: "Удалить ООО «E2E»" }).click();
    const confirm = page.getByRole("dialog", { name: "Удаление: ООО «E2E»" });
    await confirm.getByRole("button", { name: "Да" }).click();
    await row.waitFor({ state: "detached" });
  });
});
