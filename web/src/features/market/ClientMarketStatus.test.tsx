import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ClientMarketStatus } from "./ClientMarketStatus.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("ClientMarketStatus", () => {
  it("shows the market as that client sees it", async () => {
    const calls = mockFetch({
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
    render(withAppProviders(<ClientMarketStatus clientId={7} />));
    expect(await screen.findByText("Маркет открыт до 18:00")).toBeTruthy();
    expect(calls[0]?.url).toBe("/api/storehouse/market-status/?client=7");
  });
});
