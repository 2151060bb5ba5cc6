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

async function openRequests(): Promise<number> {
  const res = await fetch(`${baseURL()}/api/profiles/registration-requests/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as unknown[]).length;
}

describe("bot preview", () => {
  it("the office registers as a new user in the dry run: bubbles, the phone button, the volume buttons", async () => {
    const before = await openRequests();
    const page = await openPage(browser);
    await signIn(page, DEMO.office);
    await page.getByRole("link", { name: "Бот: предпросмотр" }).first().click();
    const chat = page.getByTestId("bot-chat");
    const send = async (text: string) => {
      await page.getByLabel("Сообщение").fill(text);
      await page.getByRole("button", { name: "Отправить" }).click();
    };
    await send("/start");
    await chat.getByText("Давайте зарегистрируемся. Как называется ваша организация?").waitFor();
    await send("ООО Предпросмотр");
    await chat.getByText("Как к вам обращаться? Напишите ваше имя.").waitFor();
    await send("Олег");
    await page.getByTestId("reply-keyboard").getByRole("button", { name: "Поделиться номером" }).click();
    await chat.getByText("Какой у вас объём закупок?").waitFor();
    await chat.getByRole("button", { name: "Крупный опт" }).click();
    await chat.getByText("Спасибо! Заявка отправлена. Мы сообщим, когда менеджер её подтвердит.").waitFor();
    // The button's message was edited in place: its buttons are gone and it names the choice.
    await chat.getByText("Какой у вас объём закупок? Крупный опт").waitFor();
    expect(await chat.getByRole("button", { name: "Крупный опт" }).count()).toBe(0);
    expect(await openRequests()).toBe(before);
    await page.context().close();
  });

  it("on a phone the chat and the message field share the screen, the field never below the fold", async () => {
    const page = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, DEMO.office);
    await page.goto("/bot-preview");
    const chat = page.getByTestId("bot-chat");
    const field = page.getByLabel("Сообщение");
    for (const text of ["/start", "ООО Телефон", "Ира"]) {
      const at = await field.boundingBox();
      expect(at && at.y + at.height <= 844, `the field is on screen before «${text}»`).toBe(true);
      const chatBox = await chat.boundingBox();
      expect(chatBox?.height ?? 0).toBeGreaterThan(300);
      await field.fill(text);
      await page.getByRole("button", { name: "Отправить" }).click();
      await expect.poll(() => chat.getByText(text).count()).toBeGreaterThan(0);
    }
    await page.context().close();
  });
});
