import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClient, TModification } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { AvailableToClientsTab } from "./AvailableToClientsTab.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = (id: number, nickname: string, telegram_username: string | null): TClient => ({
  id,
  telegram_id: null,
  telegram_username,
  phone_number: null,
  organization: null,
  organization_name: "Не указано",
  nickname,
  offline: false,
  group: null,
  transportation: null,
  client_type: 3,
  is_active: true,
  banned: false,
  permanent_banned: false,
  suspicious: false,
  allowed_price: false,
  allowed_price_w_markup: false,
  client_small_wholesale: false,
  client_large_wholesale: false,
  accessrules: null,
});

const MODIFICATION = {
  id: 7,
  product: 3,
  name: "64 ГБ",
  specifications: "",
  quantity: 5,
  quantity_on_start: 5,
  quantity_added: 0,
  available: true,
  available_small_wholesale: true,
  available_large_wholesale: true,
  prices: [],
  client_ids: [],
  group_ids: [2],
  transportation_ids: [],
  one_hand_quantity: 0,
  one_hand_limited: false,
  addition: null,
  exclusive: false,
  exclusives: [],
} satisfies TModification;

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
