import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { App } from "./App.tsx";
import { soldOutCard } from "./test-cards.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

const launch = { initData: "query_id=1&auth_date=1&hash=x", version: "8.0", platform: "ios", theme: {} };
const STALE = "Данные запуска устарели. Откройте каталог заново из чата с ботом.";

describe("Mini App start", () => {
  it("says a refused launch once, on the page, without a toast repeating it", async () => {
    mockFetch({ "POST /api/app/session/": () => ({ status: 401, body: { detail: STALE } }) });
    render(<App launch={launch} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(STALE);
    expect(screen.getAllByText(STALE)).toHaveLength(1);
    expect(screen.queryByText("Загрузка…")).toBeNull();
  });

  it("offers «Повторить» in its banner when the line is down", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    render(<App launch={launch} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Повторить");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });
});

describe("opened at a modification", () => {
  it("shows its sheet and its row: a «снова в наличии» message's button opens ?modification=<id>", async () => {
    window.history.replaceState(null, "", "/app/?modification=9");
    const market = { open: true, open_until: null, next_open_at: null };
    const card = soldOutCard(true);
    const calls = mockFetch({
      "POST /api/app/session/": () => ({
        status: 200,
        body: {
          status: "client",
          token: "t",
          expires_in: 1800,
          client: { id: 1, nickname: "Иван", sees_prices: true },
          market,
        },
      }),
      "GET /api/app/order/": () => ({
        status: 200,
        body: { order_id: null, day: "2026-11-20", positions: [], totals: null },
      }),
      "GET /api/app/list/": () => ({ status: 200, body: { lines: [], market } }),
      "GET /api/app/brands/": () => ({ status: 200, body: { results: [] } }),
      "GET /api/app/catalogue/": () => ({ status: 200, body: { items: [], page: 1, pages: 1, market } }),
      "GET /api/app/modifications/9/": () => ({ status: 200, body: card }),
    });
    render(<App launch={launch} />);
    const sheet = await screen.findByRole("dialog", { name: "Anker Сетевое зарядное 20W белый" });
    expect(within(sheet).getByText("нет в наличии · сообщим о поступлении")).toBeInTheDocument();
    expect(within(sheet).getByRole("button", { name: "Сообщить о поступлении" })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Поиск")).toHaveValue("Anker Сетевое зарядное 20W белый"),
    );
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.url.includes("search=Anker+%D0%A1%D0%B5%D1%82%D0%B5%D0%B2%D0%BE%D0%B5")),
      ).toBe(true),
    );
  });
});
