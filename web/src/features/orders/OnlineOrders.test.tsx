import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TPermission } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { fakeLiveStream } from "../../../test/live-stream.ts";
import { testOrder, testPosition } from "../../../test/orders.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { liveStream } from "../../api/live.ts";
import { signIn, signOut } from "../../session/session.ts";
import { OnlineOrders } from "./OnlineOrders.tsx";

afterEach(() => {
  liveStream.stop();
  vi.unstubAllGlobals();
  signOut();
});

const order = testOrder({
  positions: [testPosition(11, "added", "Чехол", { price: 99.9, quantity: 2 })],
  total: [{ currency: 1, currency_sign: "₽", amount: 199.8 }],
});

async function renderAs(role: "office" | "storehouse", permissions: TPermission[]) {
  const calls = mockFetch({
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({ status: 200, body: staffUser(role, permissions) }),
    "GET /api/sales/orders/": () => ({
      status: 200,
      body: { count: 1, next: null, previous: null, results: [order] },
    }),
    "PUT /api/sales/order-positions/11/": () => ({ status: 200, body: order }),
    "GET /api/sales/send-to-collect/preview/": () => ({ status: 200, body: { orders: 4, positions: 9 } }),
    "POST /api/sales/send-to-collect/": () => ({
      status: 200,
      body: { updated: 1, detail: "Отправлено на сборку позиций: 1" },
    }),
  });
  await signIn(role, "pw");
  render(withAppProviders(<OnlineOrders />));
  return calls;
}

describe("OnlineOrders", () => {
  it("shows cards, the counter and floored amounts; Собрать все confirms with counts, then sends the tab's type", async () => {
    const calls = await renderAs("office", ["orders.read", "orders.edit", "orders.collect"]);
    const card = await screen.findByTestId("order-card");
    expect(within(card).getByText("ООО Ромашка (Анна)")).toBeInTheDocument();
    expect(within(card).getByTestId("order-total")).toHaveTextContent("Итого: 199 ₽");
    expect(screen.getByTestId("orders-counter")).toHaveTextContent("Показано: 1 из 1");
    expect(calls.at(-1)?.url).toContain("client_type=3");

    await userEvent.click(screen.getByRole("button", { name: "Собрать все" }));
    const confirm = await screen.findByRole("dialog");
    expect(await within(confirm).findByTestId("collect-counts")).toHaveTextContent(
      "На сборку будут отправлены заказы: 4, позиции: 9.",
    );
    expect(calls.find((c) => c.url.includes("/preview/"))?.url).toContain("type=small_wholesale");
    expect(calls.some((c) => c.method === "POST" && c.url.includes("send-to-collect"))).toBe(false);
    const buttons = within(confirm).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Отмена", "Собрать"]);
    await userEvent.click(within(confirm).getByRole("button", { name: "Собрать" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.url.includes("send-to-collect"))?.body).toEqual({
        type: "small_wholesale",
      }),
    );
    expect(await screen.findByText("Отправлено на сборку позиций: 1")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("tab", { name: "Крупный опт" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("client_type=2"))).toBe(true));
  });

  it("debounces the search and starts a new list with it", async () => {
    const calls = await renderAs("office", ["orders.read"]);
    await screen.findByTestId("order-card");
    await userEvent.type(screen.getByLabelText("Поиск по клиенту"), "Ром");
    await waitFor(() => expect(calls.some((c) => c.url.includes("search=%D0%A0%D0%BE%D0%BC"))).toBe(true), {
      timeout: 2000,
    });
    const searches = calls.filter((c) => c.url.includes("search="));
    expect(searches).toHaveLength(1);
    expect(searches[0]?.url).toContain("offset=0");
  });

  it("the order dialog sends an edited quantity as a number", async () => {
    const calls = await renderAs("office", ["orders.read", "orders.edit"]);
    await userEvent.click(await screen.findByRole("button", { name: "Открыть заказ 7" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Изменить Чехол" }));
    const quantity = within(dialog).getByRole("spinbutton", { name: "Количество" });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ price: 99.9, quantity: 5 }),
    );
    expect(await screen.findByText("Позиция обновлена")).toBeInTheDocument();
  });

  it("the position's save waits for a quantity the contract accepts; Enter saves", async () => {
    const calls = await renderAs("office", ["orders.read", "orders.edit"]);
    await userEvent.click(await screen.findByRole("button", { name: "Открыть заказ 7" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Изменить Чехол" }));
    const quantity = within(dialog).getByRole("spinbutton", { name: "Количество" });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "0");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Сохранить" })).toBeDisabled());
    await userEvent.type(quantity, "{Enter}");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "3{Enter}");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ price: 99.9, quantity: 3 }),
    );
  });

  it("hides Собрать and the edit and delete buttons from the storehouse", async () => {
    await renderAs("storehouse", ["orders.read", "orders.pick"]);
    await screen.findByTestId("order-card");
    expect(screen.queryByRole("button", { name: "Собрать все" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Собрать направление" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Собрать" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Открыть заказ 7" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Просмотр заказа 7" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Чехол")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /Изменить|Удалить/ })).not.toBeInTheDocument();
  });

  it("keeps orders placed while the list is read behind «Новых заказов: N»; «Показать» shows them; a shown one changes in place", async () => {
    const scrolled = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const stream = fakeLiveStream();
    const placed = testOrder({
      id: 8,
      client: { id: 4, nickname: "Борис", organization_name: "", offline: false, client_type: 3 },
      opened_at: "2026-11-20T10:00:00.000Z",
      positions: [testPosition(21, "added", "Кабель", { order: 8 })],
    });
    let results = [order];
    mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: staffUser("office", ["orders.read"]) }),
      "GET /api/sales/orders/": () => ({
        status: 200,
        body: { count: results.length, next: null, previous: null, results },
      }),
      "GET /api/live/": () => stream.answer(),
    });
    await signIn("office", "pw");
    liveStream.start();
    render(withAppProviders(<OnlineOrders />));
    await screen.findByTestId("order-card");
    await waitFor(() => expect(liveStream.state()).toBe("live"));

    // Order 8 is placed and order 7 changes: the newest would come first, above the card being read.
    results = [
      placed,
      { ...order, positions: [testPosition(11, "added", "Чехол", { price: 99.9, quantity: 5 })] },
    ];
    stream.send({ kind: "orders", ids: [8, 7], new: [8] });
    const strip = await screen.findByTestId("new-orders");
    expect(strip).toHaveTextContent("Новых заказов: 1");
    await waitFor(() => expect(screen.getByTestId("order-card")).toHaveTextContent("5 × 99,90 ₽"));
    expect(screen.getAllByTestId("order-card")).toHaveLength(1);
    expect(screen.getByTestId("orders-counter")).toHaveTextContent("Показано: 1 из 2");

    await userEvent.click(within(strip).getByRole("button", { name: "Показать" }));
    const cards = screen.getAllByTestId("order-card");
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent("Борис");
    expect(screen.queryByTestId("new-orders")).not.toBeInTheDocument();
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });
    scrolled.mockRestore();
  });
});
