import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient } from "../../test/clients.ts";
import { mockFetch } from "../../test/fetch-mock.ts";
import { withAppProviders } from "../../test/providers.tsx";
import ClientsSection from "./ClientsSection.tsx";

afterEach(() => vi.unstubAllGlobals());

const client = testClient({ id: 7, nickname: "Иван Петров" });

describe("the «Клиенты» section", () => {
  it("gives the client dialog the market's hours for the client and the catalogue's brands", async () => {
    const calls = mockFetch({
      "GET /api/profiles/clients/7/": () => ({ status: 200, body: client }),
      "GET /api/profiles/clients/active/": () => ({
        status: 200,
        body: { count: 1, next: null, previous: null, results: [client] },
      }),
      "GET /api/profiles/groups/": () => ({ status: 200, body: [] }),
      "GET /api/profiles/transportations/": () => ({ status: 200, body: [] }),
      "GET /api/profiles/organizations/": () => ({ status: 200, body: [] }),
      "GET /api/storehouse/brands/": () => ({ status: 200, body: [{ id: 1, name: "JBL", description: "" }] }),
      "GET /api/storehouse/market-status/": () => ({
        status: 200,
        body: {
          is_open: true,
          active_schedules: ["Основное"],
          open_until: "2026-11-20T15:00:00.000Z",
          next_open_at: null,
          message: "Маркет открыт до 18:00",
        },
      }),
    });
    const router = createMemoryRouter([{ path: "/clients", Component: ClientsSection }], {
      initialEntries: ["/clients?client=7"],
    });
    render(withAppProviders(<RouterProvider router={router} />));

    const dialog = await screen.findByRole("dialog", { name: "Редактировать клиента" });
    expect(await within(dialog).findByText("Маркет открыт до 18:00")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/storehouse/market-status/?client=7")).toBe(true);
    await userEvent.click(within(dialog).getByLabelText("Запрещенные брэнды"));
    expect(await screen.findByRole("option", { name: "JBL" })).toBeInTheDocument();
  });
});
