import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testModification } from "../../../test/catalogue.ts";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { AvailableToClientsTab } from "./AvailableToClientsTab.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = (id: number, nickname: string, telegram_username: string | null) =>
  testClient({ id, nickname, telegram_username });

const MODIFICATION = testModification({ group_ids: [2] });

describe("AvailableToClientsTab", () => {
  it("searches clients, lists groups and directions, and saves the three id lists", async () => {
    const calls = mockFetch({
      "GET /api/profiles/clients/": ({ url }) => {
        const search = new URL(url, "http://x").searchParams.get("search") ?? "";
        const all = [client(5, "Анна", "anna"), client(6, "Борис", null)];
        const results = all.filter((c) => c.nickname.toLowerCase().includes(search.toLowerCase()));
        return { status: 200, body: { count: results.length, next: null, previous: null, results } };
      },
      "GET /api/profiles/groups/": () => ({
        status: 200,
        body: [
          { id: 2, name: "Опт Москва", surcharge: 1, is_active: true },
          { id: 3, name: "Регионы", surcharge: 1.1, is_active: true },
        ],
      }),
      "GET /api/profiles/transportations/": () => ({
        status: 200,
        body: [{ id: 9, name: "Казань", is_active: true, tg_id: null }],
      }),
      "PUT /api/storehouse/modifications/7/": ({ body }) => ({
        status: 200,
        body: { ...MODIFICATION, ...(body as object) },
      }),
    });
    render(withAppProviders(<AvailableToClientsTab modification={MODIFICATION} disabled={false} />));
    // The saved group shows by name once groups load.
    expect(await screen.findByText("Опт Москва")).toBeInTheDocument();

    await userEvent.type(screen.getByRole("combobox", { name: "Клиенты" }), "Бор");
    await userEvent.click(await screen.findByRole("option", { name: "Борис" }));
    expect(calls.some((c) => c.url.includes("search=%D0%91%D0%BE%D1%80"))).toBe(true);

    await userEvent.click(screen.getByRole("combobox", { name: "Направления" }));
    await userEvent.click(await screen.findByRole("option", { name: "Казань" }));

    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      client_ids: [6],
      group_ids: [2],
      transportation_ids: [9],
    });
  });
});
