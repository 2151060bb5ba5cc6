import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClaim } from "@wholesale/contract";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { testOrder, testPosition } from "../../../test/orders.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import ClaimsPage from "./ClaimsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const claims: TClaim[] = [
  {
    id: 1,
    owner: 10,
    owner_name: "ООО Ромашка (Аркадий)",
    owner_phone: "+79001112233",
    order: { id: 7, opened_on: "2026-11-20" },
    status: "not_reviewed",
    text: "Пришёл битый чехол",
    created_date: "2026-11-20T09:00:00Z",
  },
  {
    id: 2,
    owner: 11,
    owner_name: "Борис",
    owner_phone: null,
    order: null,
    status: "reviewed",
    text: "Не тот цвет",
    created_date: "2026-11-19T09:00:00Z",
  },
];

const routes = {
  "GET /api/messaging/claims/": ({ url }: { url: string }) => {
    const status = new URL(url, "http://x").searchParams.get("status");
    const results = claims.filter((c) => !status || c.status === status);
    return { status: 200, body: { count: results.length, next: null, previous: null, results } };
  },
};

/** Where a claim's client link leads; what it shows is the clients screen's test. */
function ClientsScreen() {
  return null;
}

/** The claims screen at /claims, beside the clients screen its client links open. */
function renderPage() {
  const router = createMemoryRouter(
    [
      { path: "/claims", Component: ClaimsPage },
      { path: "/clients", Component: ClientsScreen },
    ],
    { initialEntries: ["/claims"] },
  );
  render(withAppProviders(<RouterProvider router={router} />));
  return router;
}

describe("ClaimsPage", () => {
  it("filters by the tabs on the server", async () => {
    const calls = mockFetch(routes);
    const user = userEvent.setup();
    renderPage();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Все", "Открытые", "Закрытые"]);
    const all = await screen.findAllByRole("listitem");
    expect(all).toHaveLength(2);
    expect(all[0]).toHaveTextContent("ООО Ромашка (Аркадий)");
    expect(all[0]).toHaveTextContent("Не рассмотрена");
    expect(all[0]).toHaveTextContent("Пришёл битый чехол");

    await user.click(screen.getByRole("tab", { name: "Открытые" }));
    expect(await screen.findByRole("listitem", { name: "Заявка 1" })).toBeInTheDocument();
    expect(screen.queryByRole("listitem", { name: "Заявка 2" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Закрытые" }));
    expect(await screen.findByRole("listitem", { name: "Заявка 2" })).toHaveTextContent("Рассмотрена");
    expect(screen.queryByRole("listitem", { name: "Заявка 1" })).not.toBeInTheDocument();
    expect(calls.map((c) => new URL(c.url, "http://x").searchParams.get("status"))).toEqual([
      null,
      "not_reviewed",
      "reviewed",
    ]);
  });

  it("closes, reopens and deletes (after confirmation) a claim", async () => {
    const calls = mockFetch({
      ...routes,
      "PUT /api/messaging/claims/1/": ({ body }) => ({
        status: 200,
        body: { ...claims[0], ...(body as object) },
      }),
      "PUT /api/messaging/claims/2/": ({ body }) => ({
        status: 200,
        body: { ...claims[1], ...(body as object) },
      }),
      "DELETE /api/messaging/claims/2/": () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    renderPage();
    const open = await screen.findByRole("listitem", { name: "Заявка 1" });
    await user.click(within(open).getByRole("button", { name: "Отметить рассмотренной" }));
    await screen.findByText("Заявка обновлена");
    const closed = screen.getByRole("listitem", { name: "Заявка 2" });
    await user.click(within(closed).getByRole("button", { name: "Открыть снова" }));
    await user.click(within(closed).getByRole("button", { name: "Удалить" }));
    await user.click(await screen.findByRole("button", { name: "Да" }));
    await screen.findByText("Заявка удалена");
    const writes = calls.filter((c) => c.method !== "GET").map((c) => [c.method, c.url, c.body]);
    expect(writes).toEqual([
      ["PUT", "/api/messaging/claims/1/", { status: "reviewed", owner: 10 }],
      ["PUT", "/api/messaging/claims/2/", { status: "not_reviewed", owner: 11 }],
      ["DELETE", "/api/messaging/claims/2/", undefined],
    ]);
  });

  it("shows the client's phone, links the client and opens the order the claim concerns", async () => {
    const calls = mockFetch({
      ...routes,
      "GET /api/sales/orders/": () => ({
        status: 200,
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [testOrder({ positions: [testPosition(70, "collected", "Apple Чехол iPhone 15")] })],
        },
      }),
    });
    const user = userEvent.setup();
    const router = renderPage();
    const card = await screen.findByRole("listitem", { name: "Заявка 1" });
    expect(within(card).getByRole("link", { name: "+79001112233" })).toHaveAttribute(
      "href",
      "tel:+79001112233",
    );
    expect(
      within(screen.getByRole("listitem", { name: "Заявка 2" })).queryByRole("link", { name: /^\+7/ }),
    ).toBeNull();
    expect(
      within(screen.getByRole("listitem", { name: "Заявка 2" })).queryByRole("button", { name: /Заказ/ }),
    ).toBeNull();

    await user.click(within(card).getByRole("button", { name: "Заказ № 7 от 20.11.2026" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Apple Чехол iPhone 15/)).toBeInTheDocument();
    const read = calls.find((c) => c.url.startsWith("/api/sales/orders/"));
    expect(read?.url).toContain("opened_at=2026-11-20");
    expect(read?.url).toContain("search=10");
    // Read-only: a claim is answered here, the order is not changed.
    expect(within(dialog).queryByRole("button", { name: /Удалить/ })).toBeNull();
    await user.keyboard("{Escape}");

    await user.click(within(card).getByRole("link", { name: "ООО Ромашка (Аркадий)" }));
    expect(router.state.location.pathname).toBe("/clients");
    expect(router.state.location.search).toBe("?client=10");
  });
});
