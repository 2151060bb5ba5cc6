import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_DAYS_FAILED } from "./ClientDaysDialog.tsx";
import { renderStatistics, statisticsRoutes } from "./test-fixtures.tsx";

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
});
