import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClientMessage } from "@wholesale/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { recentRefreshInterval } from "./api.ts";
import MessagesPage from "./MessagesPage.tsx";

const message = (over: Partial<TClientMessage>): TClientMessage => ({
  id: 1,
  text: "Текст",
  send_time: "2026-11-21T06:00:00Z",
  client_type: null,
  group: null,
  transportation: null,
  sent: false,
  has_photo: false,
  recipients: 0,
  delivered: 0,
  failed: 0,
  unreachable: 0,
  pending: 0,
  ...over,
});

const scheduled = [
  message({ id: 1, text: "Доброе утро", send_time: "2026-11-21T06:00:00Z", client_type: 2 }),
  message({ id: 2, text: "Скидки", send_time: "2026-11-21T12:00:00Z", client_type: 3 }),
];
const recent = [
  message({
    id: 9,
    text: "Заказы до 18:00",
    send_time: "2026-11-19T07:00:00Z",
    sent: true,
    recipients: 142,
    delivered: 138,
    failed: 1,
    unreachable: 3,
  }),
];

const routes = {
  "GET /api/messaging/to-clients/": ({ url }: { url: string }) => ({
    status: 200,
    body: url.includes("sent=true") ? recent : scheduled,
  }),
  // The server's count of who a send reaches: 142 small-wholesale clients, 21 in «VIP», 5 for «Казань».
  "GET /api/messaging/to-clients/recipients/": ({ url }: { url: string }) => ({
    status: 200,
    body: { count: url.includes("client_type=3") ? 142 : url.includes("group=4") ? 21 : 5 },
  }),
  "GET /api/profiles/groups/": () => ({
    status: 200,
    body: [{ id: 4, name: "VIP", surcharge: 1, is_active: true }],
  }),
  "GET /api/profiles/transportations/": () => ({
    status: 200,
    body: [{ id: 5, name: "Казань", is_active: true, tg_id: null }],
  }),
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("MessagesPage", () => {
  it("shows the four buttons, the scheduled messages with time and audience, and delivery figures", async () => {
    mockFetch(routes);
    render(withAppProviders(<MessagesPage />));
    const buttons = screen.getAllByRole("button").map((b) => b.textContent);
    expect(buttons.slice(0, 4)).toEqual([
      "Отложенное сообщение",
      "Сообщение для групп",
      "Сообщение для направления",
      "Сообщение",
    ]);
    const list = await screen.findByRole("list", { name: "Отложенные сообщения" });
    const items = within(list).getAllByRole("listitem");
    // Moscow time, whatever the browser's zone.
    expect(items[0]).toHaveTextContent("21.11.2026 09:00Крупный");
    expect(items[0]).toHaveTextContent("Доброе утро");
    expect(items[1]).toHaveTextContent("21.11.2026 15:00Малый");
    const sent = await screen.findByRole("table", { name: "Отправленные сообщения" });
    expect(await within(sent).findByText("Доставлено 138 из 142")).toBeInTheDocument();
    expect(within(sent).getByText("не доставлено: 1")).toBeInTheDocument();
    expect(within(sent).getByText("заблокировали бота: 3")).toBeInTheDocument();
  });

  it("sends a message with a photo to small wholesale, showing a preview first", async () => {
    const calls = mockFetch({
      ...routes,
      "POST /api/messaging/to-clients/": () => ({ status: 201, body: message({ id: 3, sent: true }) }),
    });
    const user = userEvent.setup();
    render(withAppProviders(<MessagesPage />));
    await user.click(screen.getByRole("button", { name: "Сообщение" }));
    const dialog = await screen.findByRole("dialog", { name: "Сообщение" });
    await user.type(within(dialog).getByLabelText("Текст"), "Новое поступление");
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const photo = new File([new Uint8Array(signature)], "new.png", { type: "image/png" });
    await user.upload(within(dialog).getByLabelText("Фото"), photo);
    expect(await within(dialog).findByRole("img", { name: "Предпросмотр фото" })).toHaveAttribute(
      "src",
      "blob:preview",
    );
    await user.click(within(dialog).getByRole("button", { name: "Малому" }));
    // Nothing leaves before the confirmation; «Отмена» there keeps the message to send.
    await user.click(
      within(await screen.findByRole("dialog", { name: "Отправить сообщение сейчас?" })).getByRole("button", {
        name: "Отмена",
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Отправить сообщение сейчас?" })).not.toBeInTheDocument(),
    );
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Малому" }));
    await confirmSend("142 клиента: клиенты малого опта");
    await screen.findByText("Сообщение отправлено");
    const post = calls.find((c) => c.method === "POST");
    const form = post?.body as FormData;
    expect(form.get("text")).toBe("Новое поступление");
    expect(form.get("client_type")).toBe("3");
    expect((form.get("photo") as File).name).toBe("new.png");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("with a photo the text is a caption: longer than 1024 characters it is refused, and the buttons wait", async () => {
    const calls = mockFetch(routes);
    const user = userEvent.setup();
    render(withAppProviders(<MessagesPage />));
    await user.click(screen.getByRole("button", { name: "Сообщение" }));
    const dialog = await screen.findByRole("dialog", { name: "Сообщение" });
    const text = within(dialog).getByLabelText("Текст");
    await user.click(text);
    await user.paste("а".repeat(1100));
    expect(within(dialog).getByRole("button", { name: "Малому" })).toBeEnabled();
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    await user.upload(
      within(dialog).getByLabelText("Фото"),
      new File([new Uint8Array(signature)], "new.png", { type: "image/png" }),
    );
    await waitFor(() => expect(text).toHaveAccessibleDescription("С фото текст не длиннее 1024 символов"));
    expect(within(dialog).getByRole("button", { name: "Малому" })).toBeDisabled();
    // Without the photo the same text is a message of its own again.
    await user.click(within(dialog).getByRole("button", { name: "Убрать фото" }));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Малому" })).toBeEnabled());
    expect(text).not.toBeInvalid();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("offers only JPEG, PNG and WebP, and refuses any other file before uploading it", async () => {
    mockFetch(routes);
    const user = userEvent.setup({ applyAccept: false });
    render(withAppProviders(<MessagesPage />));
    await user.click(screen.getByRole("button", { name: "Сообщение" }));
    const dialog = await screen.findByRole("dialog");
    const input = within(dialog).getByLabelText("Фото");
    expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    // Another image format is refused as well: the server takes only these three.
    // A text file named «.png» is refused by its content, though its name and type say PNG.
    const refused = [
      new File(["%PDF"], "doc.pdf", { type: "application/pdf" }),
      new File(["GIF89a"], "anim.gif", { type: "image/gif" }),
      new File(["not a picture"], "photo.png", { type: "image/png" }),
    ];
    for (const [index, file] of refused.entries()) {
      await user.upload(input, file);
      // A refusal by content comes after the file is read: wait for this file's own notice, not any one.
      await waitFor(() =>
        expect(screen.getAllByText("Можно прикрепить только изображение (JPEG, PNG или WebP)")).toHaveLength(
          index + 1,
        ),
      );
      expect(within(dialog).queryByRole("img")).not.toBeInTheDocument();
    }
  });

  it("schedules a message for a time of day to large wholesale", async () => {
    const calls = mockFetch({
      ...routes,
      "POST /api/messaging/to-clients/": () => ({ status: 201, body: message({ id: 4 }) }),
    });
    const user = userEvent.setup();
    render(withAppProviders(<MessagesPage />));
    await user.click(screen.getByRole("button", { name: "Отложенное сообщение" }));
    const dialog = await screen.findByRole("dialog", { name: "Отложенное сообщение" });
    const send = within(dialog).getByRole("button", { name: "Крупному" });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Время"), "10:30");
    await user.type(within(dialog).getByLabelText("Текст"), "Завтра привоз");
    await user.click(send);
    await screen.findByText("Сообщение запланировано");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      text: "Завтра привоз",
      send_time: "10:30",
      client_type: 2,
    });
  });

  it("sends to a group, and shows the server's reason when sending fails", async () => {
    const calls = mockFetch({
      ...routes,
      "POST /api/messaging/to-clients/": () => ({ status: 400, body: { detail: "Группа не найдена" } }),
    });
    const user = userEvent.setup();
    render(withAppProviders(<MessagesPage />));
    await user.click(screen.getByRole("button", { name: "Сообщение для групп" }));
    const dialog = await screen.findByRole("dialog", { name: "Сообщение для групп" });
    await user.click(within(dialog).getByLabelText("Группа"));
    await user.click(await screen.findByRole("option", { name: "VIP" }));
    await user.type(within(dialog).getByLabelText("Текст"), "Для VIP");
    await user.click(within(dialog).getByRole("button", { name: "Отправить" }));
    await confirmSend("21 клиент: клиенты группы «VIP»");
    expect(await screen.findByText("Не удалось создать сообщение. Группа не найдена")).toBeInTheDocument();
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(form.get("group")).toBe("4");
    expect(form.get("client_type")).toBeNull();
  });

  it("sends to a direction chosen in its selector, and nothing else", async () => {
    const calls = mockFetch({
      ...routes,
      "POST /api/messaging/to-clients/": () => ({ status: 201, body: message({ id: 5, sent: true }) }),
    });
    const user = userEvent.setup();
    render(withAppProviders(<MessagesPage />));
    await user.click(screen.getByRole("button", { name: "Сообщение для направления" }));
    const dialog = await screen.findByRole("dialog", { name: "Сообщение для направления" });
    const send = within(dialog).getByRole("button", { name: "Отправить" });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByLabelText("Направление"));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Казань"]);
    await user.click(screen.getByRole("option", { name: "Казань" }));
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Текст"), "Машина в Казань завтра");
    await user.click(send);
    await confirmSend("5 клиентов: клиенты направления «Казань»");
    await screen.findByText("Сообщение отправлено");
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect([...form.keys()].sort()).toEqual(["text", "transportation"]);
    expect(form.get("transportation")).toBe("5");
    expect(form.get("text")).toBe("Машина в Казань завтра");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("deletes a scheduled message after confirmation", async () => {
    const calls = mockFetch({ ...routes, "DELETE /api/messaging/to-clients/2/": () => ({ status: 204 }) });
    const user = userEvent.setup();
    render(withAppProviders(<MessagesPage />));
    const list = await screen.findByRole("list", { name: "Отложенные сообщения" });
    const [, second] = within(list).getAllByRole("listitem");
    await user.click(within(second as HTMLElement).getByRole("button", { name: "Удалить" }));
    await user.click(await screen.findByRole("button", { name: "Да" }));
    await screen.findByText("Сообщение удалено");
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/messaging/to-clients/2/")).toBe(true);
  });
});

/** The confirmation a message sent now asks for: it names who gets it, and «Отправить» sends. */
async function confirmSend(who: string) {
  const confirm = await screen.findByRole("dialog", { name: "Отправить сообщение сейчас?" });
  expect(await within(confirm).findByText(`Сообщение получат ${who}`)).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole("button", { name: "Отправить" }));
}

describe("delivery figures' refresh", () => {
  const NOW = Date.parse("2026-11-20T09:00:00Z");
  const delivering = (secondsAgo: number) =>
    message({
      sent: true,
      recipients: 5,
      pending: 5,
      send_time: new Date(NOW - secondsAgo * 1000).toISOString(),
    });

  it("follows a message closely for its first minute, then calmly, and stops once nothing is pending", () => {
    expect(recentRefreshInterval([delivering(10)], NOW)).toBe(2_000);
    expect(recentRefreshInterval([delivering(90)], NOW)).toBe(30_000);
    expect(recentRefreshInterval([delivering(3600), delivering(5)], NOW)).toBe(2_000);
    // A browser clock behind the server's makes a fresh message look ahead: still a close watch, bounded.
    expect(recentRefreshInterval([delivering(-20)], NOW)).toBe(2_000);
    expect(recentRefreshInterval([delivering(-300)], NOW)).toBe(30_000);
    expect(recentRefreshInterval([{ ...delivering(10), pending: 0 }], NOW)).toBe(false);
    expect(recentRefreshInterval(undefined, NOW)).toBe(false);
  });

  it("does not ask every 2 s for a broadcast that has been waiting for long (no bot token)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "setInterval", "Date"] });
    vi.setSystemTime(NOW);
    const calls = mockFetch({
      ...routes,
      "GET /api/messaging/to-clients/": ({ url }) => ({
        status: 200,
        body: url.includes("sent=true") ? [delivering(600)] : [],
      }),
    });
    render(withAppProviders(<MessagesPage />));
    const sent = await screen.findByRole("table", { name: "Отправленные сообщения" });
    await within(sent).findByText("в очереди: 5");
    const recentCalls = () => calls.filter((c) => c.url.includes("sent=true")).length;
    expect(recentCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(recentCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(11_000);
    await waitFor(() => expect(recentCalls()).toBe(2));
    vi.useRealTimers();
  });
});
