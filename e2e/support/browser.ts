import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_PATH } from "./constants.ts";

export const baseURL = () => inject("baseURL");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh browser context (its own localStorage) on a desktop or a phone-sized screen. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseURL(),
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
  });
  return context.newPage();
}

export async function signIn(page: Page, { username, password }: { username: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Имя пользователя").fill(username);
  await page.getByLabel("Пароль").fill(password);
  await page.getByLabel("Пароль").press("Enter");
  await page.getByText("Вы успешно вошли в систему").waitFor();
}

/** An API call as a signed-in user, for arranging data the test is not about. */
export async function apiToken(credentials: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL()}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return (await res.json()).access;
}
