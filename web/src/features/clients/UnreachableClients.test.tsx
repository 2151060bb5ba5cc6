import { render, screen, within } from "@testing-library/react";
import type { TClient } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ClientsTable } from "./ClientsTable.tsx";

afterEach(() => vi.unstubAllGlobals());

const client = (over: Partial<TClient>) =>
  testClient({
    telegram_id: 700,
    telegram_username: "ivan_p",
    nickname: "Иван",
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
