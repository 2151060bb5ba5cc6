import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TOrder, TOrderPosition } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { signIn, signOut } from "../../app/session.ts";
import { StorehouseCollection } from "./StorehouseCollection.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const position = (id: number, status: TOrderPosition["status"], name: string): TOrderPosition => ({
  id,
  order: 7,
  modification: 1,
  modification_name: name,
  addition_name: null,
  price: 10,
  quantity: 3,
  status,
  currency: 1,
  currency_sign: "₽",
  sent_to_collect_at: "2026-11-20T09:00:00.000Z",
  collected_at: status === "collected" ? "2026-11-20T10:00:00.000Z" : null,
});

const order: TOrder = {
  id: 7,
  owner: 3,
  client: { id: 3, nickname: "Анна", organization_name: "ООО Ромашка", offline: false, client_type: 3 },
  client_type: 3,
  transportation: { id: 1, name: "Север" },
  status: "sent_to_collect",
  opened_on: "2026-11-20",
  opened_at: "2026-11-20T09:00:00.000Z",
  positions: [position(11, "sent_to_collect", "Чехол"), position(12, "collected", "Кабель")],
  total: [{ currency: 1, currency_sign: "₽", amount: 60 }],
};

describe("StorehouseCollection", () => {
  it("groups by direction; a tick marks a position collected, Собрано the whole order", async () => {
    const calls = mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({
        status: 200,
        body: {
          id: 1,
          username: "storehouse",
          date_joined: "2026-01-01T00:00:00Z",
          last_login: null,
          is_office: false,
          is_storehouse: true,
          is_seller: false,
          is_superuser: false,
          is_active: true,
          role: "storehouse",
          permissions: ["orders.read", "orders.pick"],
        },
      }),
      "GET /api/sales/collection/": () => ({
        status: 200,
        body: { results: [{ transportation: { id: 1, name: "Север" }, orders: [order] }] },
      }),
      "POST /api/sales/order-positions/11/collect/": () => ({
        status: 200,
        body: position(11, "collected", "Чехол"),
      }),
      "POST /api/sales/orders/7/collect/": () => ({
        status: 200,
        body: { updated: 1, detail: "Собрано позиций: 1" },
      }),
    });
    await signIn("storehouse", "pw");
    render(withAppProviders(<StorehouseCollection />));
    const section = await screen.findByRole("region", { name: "Север" });
    expect(within(section).getByText("Осталось: 1")).toBeInTheDocument();
    const card = within(section).getByTestId("collection-order");
    expect(within(card).getByText("ООО Ромашка (Анна)")).toBeInTheDocument();
    expect(within(card).getByRole("checkbox", { name: /Кабель/ })).toBeChecked();

    await userEvent.click(within(card).getByRole("checkbox", { name: /Чехол/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/order-positions/11/collect/"))?.body).toEqual({
        collected: true,
      }),
    );
    await userEvent.click(within(card).getByRole("button", { name: "Собрано" }));
    expect(await screen.findByText("Собрано позиций: 1")).toBeInTheDocument();
  });
});
