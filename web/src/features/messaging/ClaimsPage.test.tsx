import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClaim } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import ClaimsPage from "./ClaimsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const claims: TClaim[] = [
  {
    id: 1,
    owner: 10,
    owner_name: "ООО Ромашка (Аркадий)",
    status: "not_reviewed",
    text: "Пришёл битый чехол",
    created_date: "2026-11-20T09:00:00Z",
  },
  {
    id: 2,
    owner: 11,
    owner_name: "Борис",
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

describe("ClaimsPage", () => {
  it("filters by the tabs on the server", async () => {
    const calls = mockFetch(routes);
    const user = userEvent.setup();
    render(withAppProviders(<ClaimsPage />));
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
    render(withAppProviders(<ClaimsPage />));
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
});
