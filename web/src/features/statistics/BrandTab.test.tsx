import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plainText, renderStatistics, statisticsRoutes, tableCells } from "./test-fixtures.tsx";

afterEach(() => vi.unstubAllGlobals());

const costs = (list: [number, string][]) =>
  list.map(([total_cost, currency_sign]) => ({ total_cost, currency_sign }));
const entry = (
  quantities: [number, number],
  small: [number, string][],
  large: [number, string][],
  total: [number, string][],
) => ({
  total_quantity: quantities[0] + quantities[1],
  total_quantity_small_wholesale: quantities[0],
  total_quantity_large_wholesale: quantities[1],
  total_cost: costs(total),
  total_cost_small_wholesale: costs(small),
  total_cost_large_wholesale: costs(large),
});
/** A day of 1 501,10 ₽ · 101,40 $, as the dashboard and «По дням → По брэнду» give it. */
const DAY = {
  Defender: entry(
    [5, 2],
    [
      [1000.4, "₽"],
      [84.95, "$"],
    ],
    [[15.55, "$"]],
    [
      [1000.4, "₽"],
      [100.5, "$"],
    ],
  ),
  Hoco: entry(
    [3, 1],
    [[500.7, "₽"]],
    [[0.9, "$"]],
    [
      [500.7, "₽"],
      [0.9, "$"],
    ],
  ),
};

describe("per-brand tab", () => {
  it("«Итого» is the day's exact sum floored once; the rows' dropped kopecks are shown; no part is rounded up", async () => {
    statisticsRoutes({ "GET /api/statistics/date/brand/": () => ({ status: 200, body: DAY }) });
    renderStatistics("/statistics?tab=brand");
    const table = await screen.findByTestId("brand-statistics");
    expect(tableCells(table)).toEqual([
      // 84 $ + 15 $ would sit beside 100 $: the dollar parts keep their cents, 84,95 $ is never 85 $.
      ["Defender", "7", "5", "2", "1 000 ₽ · 100 $", "1 000 ₽ · 84,95 $", "15,55 $"],
      ["Hoco", "4", "3", "1", "500 ₽ · 0 $", "500 ₽", "0 $"],
    ]);
    // Not 1 500 ₽ · 100 $, the floored rows' sum: the day sold 1 501,10 ₽ and 101,40 $.
    expect(plainText(screen.getByTestId("brand-total").textContent)).toBe("Итого: 1 501 ₽ · 101 $");
    expect(plainText(screen.getByTestId("dropped-kopecks").textContent)).toBe(
      "В строках копейки отброшены, вместе они дают 1 ₽ · 1 $",
    );
  });

  it("without kopecks to gather there is no note; the search totals the brands it keeps", async () => {
    statisticsRoutes({ "GET /api/statistics/date/brand/": () => ({ status: 200, body: DAY }) });
    renderStatistics("/statistics?tab=brand");
    const table = await screen.findByTestId("brand-statistics");
    await userEvent.type(screen.getByLabelText("Поиск по брэндам"), "HOC");
    expect(tableCells(table).map((row) => row[0])).toEqual(["Hoco"]);
    expect(plainText(screen.getByTestId("brand-total").textContent)).toBe("Итого: 500 ₽ · 0 $");
    expect(screen.queryByTestId("dropped-kopecks")).not.toBeInTheDocument();
  });
});
