import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiToken, baseURL, launchBrowser, openPage, signIn } from "./support/browser.ts";
import { DEMO } from "./support/constants.ts";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
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
});
