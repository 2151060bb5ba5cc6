import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient } from "../../../test/clients.ts";
import { CLIENT_DAYS_FAILED } from "./ClientDaysDialog.tsx";
import { matchesClient, organizationCell, periodProblem } from "./ClientTab.tsx";
import { plainText, renderStatistics, statisticsRoutes, tableCells } from "./test-fixtures.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("per-client tab", () => {
  it("От / До default to 7 days ago through today, in Moscow", async () => {
    // 22 November 22:30 UTC is already 23 November in Moscow.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-22T22:30:00Z"));
    const calls = statisticsRoutes();
    renderStatistics();
    await screen.findByTestId("client-statistics");
    const first = calls.find((c) => c.url.startsWith("/api/statistics/period/"));
    const query = new URL(first?.url ?? "", "http://localhost").searchParams;
    expect([query.get("date_from"), query.get("date_to")]).toEqual(["2026-11-16", "2026-11-23"]);
    expect(screen.getByLabelText("От")).toHaveValue("2026-11-16");
    expect(screen.getByLabelText("До")).toHaveValue("2026-11-23");
  });

  it.each([
    [
      "a field's message",
      {
        detail: "Некорректные данные: date_to: Период не может быть длиннее 400 дней",
        code: "validation_error",
        errors: { date_to: ["Период не может быть длиннее 400 дней"] },
      },
      "Период не может быть длиннее 400 дней",
    ],
    ["the detail", { detail: "Клиент не найден" }, "Клиент не найден"],
  ])(
    "the days dialog, when its load fails, logs it, gives %s as the reason and shows the empty state",
    async (_, body, reason) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      statisticsRoutes({ "GET /api/statistics/client-orders/": () => ({ status: 400, body }) });
      renderStatistics();
      const table = await screen.findByTestId("client-statistics");
      await userEvent.click(within(table).getByText("Анна"));
      const dialog = await screen.findByRole("dialog");
      expect(await within(dialog).findByRole("alert")).toHaveTextContent(`${CLIENT_DAYS_FAILED}. ${reason}`);
      expect(within(dialog).getByText("Нет данных для отображения")).toBeInTheDocument();
      expect(within(dialog).getByRole("button", { name: "Скачать xlsx" })).toBeDisabled();
      await waitFor(() => expect(logged).toHaveBeenCalledWith(CLIENT_DAYS_FAILED, expect.any(Error)));
    },
  );

  it("the days dialog has an «Итого» equal to the client's row, and its days add up to it", async () => {
    const day = (date: string, weekday: string, total?: number) => ({
      date,
      weekday,
      has_orders: total !== undefined,
      totals: total === undefined ? [] : [{ total, currency_sign: "$" }],
    });
    statisticsRoutes({
      "GET /api/statistics/period/": () => ({
        status: 200,
        body: { "1": [{ total: 119.1, currency_sign: "$", orders_count: 2 }] },
      }),
      "GET /api/statistics/client-orders/": () => ({
        status: 200,
        body: [
          day("2026-11-18", "Среда", 72.6),
          day("2026-11-19", "Четверг"),
          day("2026-11-20", "Пятница", 46.5),
        ],
      }),
    });
    renderStatistics();
    const table = await screen.findByTestId("client-statistics");
    expect(tableCells(table)[0]?.[7]).toBe("119 $");
    expect(plainText(screen.getByTestId("client-total").textContent)).toBe("Всего: 119 $");
    await userEvent.click(within(table).getByText("Анна"));
    const dialog = await screen.findByRole("dialog");
    const days = await within(dialog).findByTestId("client-days");
    expect(tableCells(days).map((row) => row[3])).toEqual(["72 $", "—", "46 $"]);
    // Not 118 $: the days' exact sum is the client's 119,10 $, and the days' cents make the missing dollar.
    expect(plainText(within(dialog).getByTestId("client-days-total").textContent)).toBe("Итого: 119 $");
    expect(plainText(within(dialog).getByTestId("dropped-kopecks").textContent)).toBe(
      "В строках копейки отброшены, вместе они дают 1 $",
    );
  });

  it("a client's row is a Tab stop that Enter opens, and closing the dialog gives the focus back to it", async () => {
    statisticsRoutes({
      "GET /api/statistics/period/": () => ({
        status: 200,
        body: { "1": [{ total: 119.1, currency_sign: "$", orders_count: 2 }] },
      }),
      "GET /api/statistics/client-orders/": () => ({ status: 200, body: [] }),
    });
    renderStatistics();
    const table = await screen.findByTestId("client-statistics");
    const row = within(table).getByText("Анна").closest("tr");
    if (!row) throw new Error("no row for Анна");
    expect(row).toHaveAttribute("tabindex", "0");
    row.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(row).toHaveFocus());
    await userEvent.keyboard(" ");
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  });

  it("says why a reversed or cleared period shows nothing, and asks the server nothing for it", async () => {
    const calls = statisticsRoutes();
    renderStatistics();
    await screen.findByTestId("client-statistics");
    const asked = calls.filter((c) => c.url.startsWith("/api/statistics/period/")).length;
    const from = screen.getByLabelText("От");
    await userEvent.clear(from);
    await userEvent.type(from, "2030-01-01");
    expect(await screen.findByText("Дата «От» позже даты «До»")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith("/api/statistics/period/"))).toHaveLength(asked);
    expect(periodProblem("", "2026-11-23")).toEqual({ from: "Укажите дату «От»", to: undefined });
  });

  it("opens on the period a link names (the dashboard's today)", async () => {
    const calls = statisticsRoutes();
    renderStatistics("/statistics?from=2026-11-21&to=2026-11-21");
    await screen.findByTestId("client-statistics");
    const first = calls.find((c) => c.url.startsWith("/api/statistics/period/"));
    const query = new URL(first?.url ?? "", "http://localhost").searchParams;
    expect([query.get("date_from"), query.get("date_to")]).toEqual(["2026-11-21", "2026-11-21"]);
  });

  it("shows «—» for the «Не указано» placeholder, never as if it were an organization", () => {
    expect(organizationCell("Не указано")).toBe("—");
    expect(organizationCell(" ")).toBe("—");
    expect(organizationCell("ООО Ромашка")).toBe("ООО Ромашка");
  });

  it("finds a client by the ID the table shows", () => {
    const row = {
      id: 154,
      client: testClient({ id: 154, organization_name: "ООО Ромашка", nickname: "Анна" }),
    };
    expect(matchesClient(row, "154")).toBe(true);
    expect(matchesClient(row, "15")).toBe(false);
    expect(matchesClient(row, "ромаш")).toBe(true);
  });
});
