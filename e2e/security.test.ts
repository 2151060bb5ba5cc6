import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, takeCspViolations } from "./support/browser.ts";
import { launchChromium } from "./support/chromium.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

describe("Content-Security-Policy in the browser", () => {
  it("blocks an injected inline script, and the browser tests see the violation", async () => {
    const page = await openPage(browser);
    await page.goto("/login");
    await page.getByRole("heading", { name: "Вход" }).waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true;";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => takeCspViolations().length).toBeGreaterThan(0);
    await page.context().close();
  });

  it("lets the API docs render without a violation", async () => {
    const page = await openPage(browser);
    await page.goto("/api/docs");
    await page.getByText("Wholesale back-office API").first().waitFor();
    await page.getByText("/api/token/").first().waitFor();
    await page.context().close();
  });
});
