import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { signIn, signOut } from "../../session/session.ts";
import HomePage from "./HomePage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const days = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 9, 23 + i)).toISOString().slice(0, 10),
  totals: [{ total: 100 * i, currency_sign: "₽" }],
}));

async function renderWith(role: "office" | "storehouse" | "seller", dashboard: object) {
  mockFetch({
    "GET /api/storehouse/market-status/": () => ({
      status: 200,
      body: {
        is_open: false,
        active_schedules: [],
        open_until: null,
        next_open_at: null,
        message: "Маркет закрыт",
      },
    }),
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({
      status: 200,
      body: staffUser(role, []),
    }),
    "GET /api/dashboard/": () => ({ status: 200, body: dashboard }),
  });
  await signIn(role, "pw");
  render(withAppProviders(<MemoryRouter>{<HomePage />}</MemoryRouter>));
}

describe("HomePage dashboard", () => {
  it("shows today against last week, each figure linking to its screen, and loads the charts", async () => {
    await renderWith("office", {
      day: "2026-11-21",
      compare_day: "2026-11-14",
      sales: {
        today: { orders: 12, clients: 9, totals: [{ total: 15000.9, currency_sign: "₽" }] },
        week_ago: { orders: 10, clients: 8, totals: [{ total: 9000, currency_sign: "₽" }] },
        last_30_days: days,
        top_brands: [{ name: "Apple", quantity: 40, totals: [{ total: 15000.9, currency_sign: "₽" }] }],
        low_stock: 3,
      },
      positions: { to_send: 5, to_collect: 7 },
      registration_requests: 2,
      open_claims: 1,
      market: { is_open: true, active_schedules: ["Основное"], message: "Маркет открыт до 18:00" },
    });
    const orders = await screen.findByTestId("figure-orders");
    expect(orders).toHaveTextContent("Заказов сегодня12");
    expect(orders).toHaveTextContent("14.11 (неделю назад): 10");
    // Today's figures open on today: the clients who ordered (with their orders), and the day's sales.
    expect(orders).toHaveAttribute("href", "/statistics?from=2026-11-21&to=2026-11-21");
    expect(screen.getByTestId("figure-clients")).toHaveAttribute(
      "href",
      "/statistics?from=2026-11-21&to=2026-11-21",
    );
    expect(screen.getByTestId("figure-sum")).toHaveTextContent("15 000 ₽");
    expect(screen.getByTestId("figure-sum")).toHaveAttribute("href", "/statistics?tab=perDate");
    expect(screen.getByTestId("figure-low-stock")).toHaveAttribute("href", "/statistics?tab=problems");
    expect(screen.getByTestId("figure-to-send")).toHaveAttribute("href", "/orders");
    expect(screen.getByTestId("figure-requests")).toHaveAttribute("href", "/clients?tab=8");
    expect(screen.getByTestId("figure-claims")).toHaveAttribute("href", "/claims");
    const market = screen.getByTestId("figure-market");
    expect(market).toHaveTextContent("МаркетОткрытМаркет открыт до 18:00. Активные расписания: Основное");
    expect(market).toHaveAttribute("href", "/settings");
    expect(await screen.findByTestId("sales-chart", {}, { timeout: 10_000 })).toHaveTextContent(
      "Продажи за 30 дней",
    );
    expect(screen.getByTestId("brands-chart")).toHaveTextContent("Брэнды дня");
  });

  it("«Сумма за сегодня» is the day's exact total floored once, as the per-brand tab's «Итого» reads it", async () => {
    await renderWith("office", {
      day: "2026-11-21",
      compare_day: "2026-11-14",
      sales: {
        // The issue's day: its brands' floored rows made 993 593 ₽ · 597 $, the day is 993 598,99 ₽ · 601,37 $.
        today: {
          orders: 40,
          clients: 30,
          totals: [
            { total: 993598.99, currency_sign: "₽" },
            { total: 601.37, currency_sign: "$" },
          ],
        },
        week_ago: { orders: 1, clients: 1, totals: [{ total: 0.29, currency_sign: "$" }] },
        last_30_days: days,
        top_brands: [],
        low_stock: 0,
      },
    });
    const sum = await screen.findByTestId("figure-sum");
    expect(sum.textContent?.replace(/\s+/g, " ")).toBe(
      "Сумма за сегодня993 598 ₽ · 601 $14.11 (неделю назад): 0 $",
    );
  });

  it("draws each currency on its own chart, so the dollar's tens are not flattened by the rouble's thousands", async () => {
    await renderWith("office", {
      day: "2026-11-21",
      compare_day: "2026-11-14",
      sales: {
        today: { orders: 1, clients: 1, totals: [] },
        week_ago: { orders: 0, clients: 0, totals: [] },
        last_30_days: days.map((d, i) => ({ ...d, totals: [...d.totals, { total: i, currency_sign: "$" }] })),
        top_brands: [],
        low_stock: 0,
      },
    });
    const chart = await screen.findByTestId("sales-chart", {}, { timeout: 10_000 });
    expect(chart.querySelectorAll("[data-testid^='sales-chart-']")).toHaveLength(2);
    expect(screen.getByTestId("sales-chart-$")).toHaveTextContent("Сумма, $");
  });

  it("the seller, whose dashboard has no market, still sees whether it is open", async () => {
    await renderWith("seller", {
      day: "2026-11-21",
      compare_day: "2026-11-14",
      sales: {
        today: { orders: 1, clients: 1, totals: [] },
        week_ago: { orders: 0, clients: 0, totals: [] },
        last_30_days: days,
        top_brands: [],
        low_stock: 0,
      },
    });
    const market = await screen.findByTestId("figure-market");
    expect(market).toHaveTextContent("МаркетЗакрытМаркет закрыт");
    expect(market).not.toHaveAttribute("href");
  });

  it("a role sees only the parts the server sent it", async () => {
    await renderWith("storehouse", {
      day: "2026-11-21",
      compare_day: "2026-11-14",
      positions: { to_send: 5, to_collect: 7 },
    });
    expect(await screen.findByTestId("figure-to-collect")).toHaveTextContent("7");
    expect(screen.queryByTestId("figure-orders")).not.toBeInTheDocument();
    expect(screen.queryByTestId("figure-claims")).not.toBeInTheDocument();
    expect(screen.queryByTestId("figure-market")).not.toBeInTheDocument();
    expect(screen.queryByTestId("sales-chart")).not.toBeInTheDocument();
  });
});
