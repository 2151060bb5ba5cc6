import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, openPage, signIn } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";
import { ADMIN, DEMO } from "./support/constants.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

async function menuItems(page: Page): Promise<string[]> {
  const links = page.getByRole("navigation", { name: "Разделы" }).getByRole("link");
  await links.first().waitFor();
  // A section's badge (the open claims' count) is its own line: the label is the first.
  return (await links.allInnerTexts()).map((text) => text.split("\n")[0] ?? "");
}

describe("login screen", () => {
  it("an anonymous visit to a section shows the login form at once; /login and 404 have their own titles", async () => {
    const page = await openPage(browser);
    // The signed-in frame's and the section's code never arrive: the form must not wait for them.
    await page.route(/\/assets\/(AppLayout|StatisticsPage)-[^/]*\.js$/, () => {});
    await page.goto("/statistics");
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Вход" }).waitFor({ timeout: 5_000 });
    expect(await page.title()).toBe("Вход — Бэк-офис");
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await signIn(page, ADMIN);
    await page.goto("/no-such-page");
    await page.getByText("Страница не найдена").waitFor();
    expect(await page.title()).toBe("Страница не найдена — Бэк-офис");
    await page.context().close();
  });

  it("asks for both fields and shows Ошибка входа for a wrong password", async () => {
    const page = await openPage(browser);
    await page.goto("/");
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Вход" }).waitFor();
    await page.getByRole("button", { name: "Войти" }).click();
    await page.getByText("Email обязателен").waitFor();
    await page.getByText("Пароль обязателен").waitFor();

    await page.getByLabel("Имя пользователя").fill(ADMIN.username);
    await page.getByLabel("Пароль").fill("not-the-password");
    await page.getByLabel("Пароль").press("Enter");
    await page.getByText("Ошибка входа").waitFor();
    await page.getByText("Ошибка авторизации").waitFor();
    await page.getByText("Неверный логин или пароль").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });

  it.each([
    [
      "superuser",
      ADMIN,
      "/",
      [
        "Главная",
        "Онлайн-заказы",
        "Каталог",
        "Клиенты",
        "Статистика",
        "Накладные",
        "Сообщения",
        "Заявки",
        "Открытие маркета",
        "Настройки",
        "Бот: предпросмотр",
        "Аккаунты",
        "История",
      ],
    ],
    [
      "office",
      DEMO.office,
      "/",
      [
        "Главная",
        "Онлайн-заказы",
        "Каталог",
        "Клиенты",
        "Статистика",
        "Накладные",
        "Сообщения",
        "Заявки",
        "Открытие маркета",
        "Настройки",
        "Бот: предпросмотр",
      ],
    ],
    [
      "seller",
      DEMO.seller,
      "/",
      ["Главная", "Онлайн-заказы", "Каталог", "Клиенты", "Статистика", "Накладные", "Сообщения", "Заявки"],
    ],
    ["storehouse", DEMO.storehouse, "/orders", ["Главная", "Онлайн-заказы", "Каталог", "Накладные"]],
  ])("%s lands on its page and sees only its sections", async (_role, credentials, landing, sections) => {
    const page = await openPage(browser);
    await signIn(page, credentials);
    await page.waitForURL(`**${landing}`);
    expect(new URL(page.url()).pathname).toBe(landing);
    expect(await menuItems(page)).toEqual(sections);
    await page.context().close();
  });

  it("a section the role may not open shows Нет доступа", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.goto("/accounts");
    await page.getByText("Нет доступа").waitFor();
    await page.context().close();
  });
});

describe("accounts and history", () => {
  it("creates, edits and deletes an account, and the History screen lists those requests", async () => {
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    await page.goto("/accounts");
    const heading = page.getByRole("heading", { name: /^Аккаунты: \d+$/ });
    await heading.waitFor();
    const before = Number((await heading.textContent())?.split(": ")[1]);

    await page.getByRole("button", { name: "Добавить аккаунт" }).click();
    const dialog = page.getByRole("dialog", { name: "Добавить аккаунт" });
    await dialog.getByLabel("Имя пользователя").fill("e2e.kassir");
    await dialog.getByLabel("Пароль").fill("kassir-password");
    await dialog.getByLabel("Продажник").check();
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText("Аккаунт создан").waitFor();
    await page.getByRole("heading", { name: `Аккаунты: ${before + 1}` }).waitFor();
    const row = page.getByRole("row", { name: /e2e\.kassir/ });
    await expect(row.getByLabel("Продажник: да").count()).resolves.toBe(1);

    await row.getByRole("button", { name: "Редактировать e2e.kassir" }).click();
    const edit = page.getByRole("dialog", { name: "Редактировать аккаунт" });
    await expect(edit.getByLabel("Имя пользователя").inputValue()).resolves.toBe("e2e.kassir");
    await edit.getByLabel("Склад").check();
    await edit.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText("Аккаунт обновлен").waitFor();
    await page
      .getByRole("row", { name: /e2e\.kassir/ })
      .getByLabel("Склад: да")
      .waitFor();

    await page.getByRole("button", { name: "Удалить e2e.kassir" }).click();
    const confirm = page.getByRole("dialog", { name: "Удаление: e2e.kassir" });
    await confirm.getByText("Вы уверены? Отменить это действие будет невозможно!").waitFor();
    await confirm.getByRole("button", { name: "Да" }).click();
    await page.getByText("Аккаунт удален").waitFor();
    await page.getByRole("heading", { name: `Аккаунты: ${before}` }).waitFor();

    // The activity log is written off the request path (flushed every half second): reopen the screen
    // until it shows. In-app navigation, not a reload, so no token check lands on top of the log.
    const rows = page.getByTestId("log-row");
    let texts: string[] = [];
    for (let attempt = 0; attempt < 20 && !texts[0]?.includes("DELETE"); attempt++) {
      const menu = page.getByRole("navigation", { name: "Разделы" });
      await menu.getByRole("link", { name: "Главная" }).click();
      await menu.getByRole("link", { name: "История" }).click();
      await rows.first().waitFor();
      texts = await rows.allInnerTexts();
      if (!texts[0]?.includes("DELETE")) await page.waitForTimeout(500);
    }
    const top = texts.slice(0, 3).join("\n");
    expect(top).toMatch(/DELETE[\s\S]*\/api\/users\/\d+\/[\s\S]*admin/);
    expect(top).toMatch(/PUT[\s\S]*\/api\/users\/\d+\//);
    expect(top).toMatch(/POST[\s\S]*\/api\/users\/register\/[\s\S]*"password":"\*\*\*"/);
    expect(texts.join("\n")).not.toContain("kassir-password");
    await page.context().close();
  });

  it("a duplicate username is refused with the server's reason, and nothing is added", async () => {
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    await page.goto("/accounts");
    const heading = page.getByRole("heading", { name: /^Аккаунты: \d+$/ });
    const before = await heading.textContent();
    await page.getByRole("button", { name: "Добавить аккаунт" }).click();
    const dialog = page.getByRole("dialog", { name: "Добавить аккаунт" });
    await dialog.getByLabel("Имя пользователя").fill("Office");
    await dialog.getByLabel("Пароль").fill("whatever-pass");
    await dialog.getByLabel("Офис").check();
    await dialog.getByRole("button", { name: "Сохранить" }).click();
    await page.getByText("Не удалось создать аккаунт. Пользователь с таким именем уже существует").waitFor();
    await dialog.getByText("Пользователь с таким именем уже существует").waitFor();
    await dialog.getByRole("button", { name: "Отмена" }).click();
    expect(await heading.textContent()).toBe(before);
    await page.context().close();
  });
});

describe("history", () => {
  it("loads the log 100 entries at a time as the reader scrolls, and names unknown users не определен", async () => {
    // 120 refused token refreshes: each is logged, with no account behind it (verify is not logged).
    await Promise.all(
      Array.from({ length: 120 }, () =>
        fetch(`${baseURL()}/api/token/refresh/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ refresh: "not-a-token" }),
        }),
      ),
    );
    const page = await openPage(browser);
    await signIn(page, ADMIN);
    const pages: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/users/logs/"))
        pages.push(new URL(request.url()).searchParams.get("offset") ?? "");
    });
    // Entries are written within half a second; open the screen once they are all there.
    await page.waitForTimeout(1000);
    await page.goto("/history");
    const list = page.getByLabel("История запросов");
    await list.getByTestId("log-row").first().waitFor();
    expect(pages).toEqual(["0"]);
    await expect(list.getByText("не определен").first().isVisible()).resolves.toBe(true);
    await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForResponse((r) => r.url().includes("/api/users/logs/") && r.url().includes("offset=100"));
    expect(pages).toEqual(["0", "100"]);
    await page.context().close();
  });
});

describe("session", () => {
  it("logout says so and the app is closed again", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.seller);
    await page.getByRole("button", { name: "Выйти" }).click();
    await page.getByText("Вы успешно вышли из системы").waitFor();
    await page.waitForURL("**/login");
    expect(
      await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("refreshToken")]),
    ).toEqual([null, null]);
    await page.goto("/clients");
    await page.waitForURL("**/login");
    await page.context().close();
  });

  it("a garbage token in localStorage sends you to /login and is discarded", async () => {
    const page = await openPage(browser);
    await page.goto("/login");
    await page.evaluate(() => {
      localStorage.setItem("token", "garbage.token.value");
      localStorage.setItem("refreshToken", "garbage");
    });
    await page.goto("/statistics");
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.context().close();
  });

  it("a revoked session (password changed elsewhere) sends you to /login on the next call", async () => {
    const page = await openPage(browser);
    const credentials = { username: "e2e.revoked", password: "first-password" };
    const adminToken = await (
      await fetch(`${baseURL()}/api/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ADMIN),
      })
    ).json();
    const created = await (
      await fetch(`${baseURL()}/api/users/register/`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${adminToken.access}` },
        body: JSON.stringify({ ...credentials, is_office: true }),
      })
    ).json();
    await signIn(page, credentials);
    await fetch(`${baseURL()}/api/users/${created.id}/`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken.access}` },
      body: JSON.stringify({ username: credentials.username, password: "second-password", is_office: true }),
    });
    await page.reload();
    await page.waitForURL("**/login");
    await page.context().close();
  });

  it("an expired access token is refreshed once with the refresh token", async () => {
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    const refresh = await page.evaluate(() => localStorage.getItem("refreshToken"));
    const fresh = await openPage(browser);
    await fresh.goto("/login");
    await fresh.evaluate((r) => {
      localStorage.setItem("token", "expired.or.garbage");
      localStorage.setItem("refreshToken", r ?? "");
    }, refresh);
    await fresh.goto("/statistics");
    await fresh.getByRole("tab", { name: "По клиентам" }).waitFor();
    expect(new URL(fresh.url()).pathname).toBe("/statistics");
    expect(await fresh.evaluate(() => localStorage.getItem("token"))).not.toBe("expired.or.garbage");
    await page.context().close();
    await fresh.context().close();
  });
});
