import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClientMessage } from "@wholesale/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
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
afterEach(() => vi.unstubAllGlobals());

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
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "new.png", { type: "image/png" });
    await user.upload(within(dialog).getByLabelText("Фото"), photo);
    expect(within(dialog).getByRole("img", { name: "Предпросмотр фото" })).toHaveAttribute(
      "src",
      "blob:preview",
    );
    await user.click(within(dialog).getByRole("button", { name: "Малому" }));
    await screen.findByText("Сообщение отправлено");
    const post = calls.find((c) => c.method === "POST");
    const form = post?.body as FormData;
    expect(form.get("text")).toBe("Новое поступление");
    expect(form.get("client_type")).toBe("3");
    expect((form.get("photo") as File).name).toBe("new.png");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("refuses a file that is not an image before uploading it", async () => {
    mockFetch(routes);
    const user = userEvent.setup({ applyAccept: false });
    render(withAppProviders(<MessagesPage />));
    await user.click(screen.getByRole("button", { name: "Сообщение" }));
    const dialog = await screen.findByRole("dialog");
    await user.upload(
      within(dialog).getByLabelText("Фото"),
      new File(["%PDF"], "doc.pdf", { type: "application/pdf" }),
    );
    expect(await screen.findByText("Можно прикрепить только изображение")).toBeInTheDocument();
    expect(within(dialog).queryByRole("img")).not.toBeInTheDocument();
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
    expect(await screen.findByText("Не удалось создать сообщение. Группа не найдена")).toBeInTheDocument();
    const form = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(form.get("group")).toBe("4");
    expect(form.get("client_type")).toBeNull();
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
