import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterEach, expect, inject } from "vitest";

export const baseURL = () => inject("baseURL");

// Every page the tests open reports Content-Security-Policy violations here; each test fails on any, so a
// policy that blocks something the app needs (a style, an image, the docs) is caught on every screen.
const cspViolations: string[] = [];
afterEach(() => {
  const found = takeCspViolations();
  if (found.length > 0) throw new Error(`Content-Security-Policy violations:\n${found.join("\n")}`);
});

/** The violations reported so far, handed over (and so not failing the test) for a test that expects them. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

function watchCsp(page: Page): void {
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      cspViolations.push(`${page.url()}: ${message.text()}`);
    }
  });
}

/** The requests each page has under way, but its live stream, which stays open as long as the page. */
const underWay = new WeakMap<Page, Set<Request>>();

function watchRequests(page: Page): void {
  const open = new Set<Request>();
  underWay.set(page, open);
  page.on("request", (request) => {
    if (!new URL(request.url()).pathname.startsWith("/api/live")) open.add(request);
  });
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
}

/**
 * Resolves once the page has had no request under way for 500 ms, as Playwright's `networkidle` does, except
 * that the live stream does not count: a signed-in page holds it open, and `networkidle` would never come.
 */
export async function networkQuiet(page: Page): Promise<void> {
  const open = underWay.get(page);
  if (!open) throw new Error("a page not opened with openPage");
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (open.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
}

/** A browser context as the tests' pages open in: a screen size, Moscow's time zone, Russian. */
function newContext(browser: Browser, viewport: { width: number; height: number }, base: string) {
  return browser.newContext({ viewport, baseURL: base, locale: "ru-RU", timezoneId: "Europe/Moscow" });
}

/** A page watched for Content-Security-Policy violations and for its requests (networkQuiet). */
async function watchedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  watchCsp(page);
  watchRequests(page);
  return page;
}

/**
 * A fresh browser context (its own localStorage) on a desktop or a phone-sized screen, on the app under test
 * or the one at `base`.
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  base = baseURL(),
): Promise<Page> {
  return watchedPage(await newContext(browser, viewport, base));
}

export async function signIn(page: Page, { username, password }: { username: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Имя пользователя").fill(username);
  await page.getByLabel("Пароль").fill(password);
  await page.getByLabel("Пароль").press("Enter");
  await page.getByText("Вы успешно вошли в систему").waitFor();
}

type Account = { username: string; password: string };

/** A context an account signed in to, per account and screen size, kept for the test file. */
const signedIn = new Map<string, Promise<BrowserContext>>();

/**
 * A new page (its own stream) in a context already signed in as `account` at `viewport`, for a test about a
 * screen rather than about signing in: the account signs in through the sign-in screen once a test file and
 * size, and the pages after it share that session and the browser's cache of the app's files, as a person's
 * tabs do (its tokens live half an hour, longer than any file takes). Close the page, not its context.
 */
export async function openSignedIn(
  browser: Browser,
  account: Account,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const key = `${account.username} ${viewport.width}x${viewport.height}`;
  let context = signedIn.get(key);
  if (!context) {
    context = (async () => {
      const page = await openPage(browser, viewport);
      await signIn(page, account);
      await page.close();
      return page.context();
    })();
    signedIn.set(key, context);
  }
  return watchedPage(await context);
}

/**
 * An API call with a bearer token, for arranging data the test is not about: the answer's JSON (nothing for a
 * 204), or an error naming the call and its answer.
 */
export async function apiCall<T>(bearer: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
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
