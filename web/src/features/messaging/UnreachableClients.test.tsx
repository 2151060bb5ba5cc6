import { render, screen, within } from "@testing-library/react";
import type { TClient } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ClientsTable } from "../clients/ClientsTable.tsx";

afterEach(() => vi.unstubAllGlobals());

const client = (over: Partial<TClient>): TClient => ({
  id: 1,
  telegram_id: 700,
  telegram_username: "ivan_p",
  phone_number: null,
  organization: null,
  organization_name: "Не указано",
  nickname: "Иван",
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
  telegram_unreachable_at: null,
  ...over,
});

describe("clients who blocked the bot", () => {
  it("are marked in the clients table", async () => {
    const results = [
      client({ id: 1, nickname: "Иван" }),
      client({
        id: 2,
        nickname: "Пётр",
        telegram_username: "petr",
        telegram_unreachable_at: "2026-11-20T09:00:00Z",
      }),
    ];
    mockFetch({
      "GET /api/profiles/clients/active/": () => ({
        status: 200,
        body: { count: 2, next: null, previous: null, results },
      }),
    });
    render(withAppProviders(<ClientsTable tab={undefined} search="" groups={[]} transportations={[]} />));
    const blocked = await screen.findByRole("row", { name: /Пётр/ });
    expect(within(blocked).getByText("Бот заблокирован")).toBeInTheDocument();
    expect(
      within(screen.getByRole("row", { name: /Иван/ })).queryByText("Бот заблокирован"),
    ).not.toBeInTheDocument();
  });
});
