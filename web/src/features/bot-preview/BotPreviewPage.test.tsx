import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { signIn, signOut } from "../../session/session.ts";
import BotPreviewPage from "./BotPreviewPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const whoiam = staffUser("office", ["market.manage", "clients.read"]);

describe("BotPreviewPage", () => {
  it("chats as a new user: bubbles, reply keyboard, an inline button edits its message in place", async () => {
    const calls = mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: whoiam }),
      "GET /api/profiles/clients/": () => ({
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      }),
      "POST /api/bot/preview/": ({ body }) => {
        const action = (body as { action: { type: string } }).action;
        if (action.type === "text")
          return {
            status: 200,
            body: {
              dry_run: true,
              notice: null,
              messages: [
                {
                  kind: "send",
                  message_id: 41,
                  text: "Выберите брэнд:",
                  inline_keyboard: [[{ text: "Acme", data: "p:1:1" }]],
                  reply_keyboard: [[{ text: "Маркет", request_contact: false }]],
                },
              ],
            },
          };
        return {
          status: 200,
          body: {
            dry_run: true,
            notice: "Добавлено в заказ.",
            messages: [
              {
                kind: "edit",
                message_id: 41,
                text: "Выберите товар:",
                inline_keyboard: [],
                reply_keyboard: null,
              },
            ],
          },
        };
      },
    });
    await signIn("office", "pw");
    render(withAppProviders(<BotPreviewPage />));
    expect(screen.getByLabelText("Пробный режим")).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Сообщение"), "/market");
    await userEvent.click(screen.getByRole("button", { name: "Отправить" }));
    const bot = await screen.findByTestId("bot-bubble");
    expect(bot).toHaveTextContent("Выберите брэнд:");
    expect(screen.getByTestId("user-bubble")).toHaveTextContent("/market");
    expect(calls.find((c) => c.method === "POST" && c.url.includes("/bot/preview/"))?.body).toEqual({
      client: null,
      dry_run: true,
      action: { type: "text", text: "/market" },
    });
    expect(
      within(screen.getByTestId("reply-keyboard")).getByRole("button", { name: "Маркет" }),
    ).toBeInTheDocument();

    await userEvent.click(within(bot).getByRole("button", { name: "Acme" }));
    await waitFor(() => expect(screen.getByTestId("bot-bubble")).toHaveTextContent("Выберите товар:"));
    expect(screen.getAllByTestId("bot-bubble")).toHaveLength(1);
    expect(screen.getByTestId("bot-notice")).toHaveTextContent("Добавлено в заказ.");
    expect(calls.filter((c) => c.url.includes("/bot/preview/")).at(-1)?.body).toEqual({
      client: null,
      dry_run: true,
      action: { type: "callback", data: "p:1:1", message_id: 41 },
    });
  });
});
