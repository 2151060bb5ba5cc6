import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderStatistics, statisticsRoutes, tableCells } from "./test-fixtures.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("per-brand tab", () => {
  it("floors every sum (part 1 §9) so that a brand's parts add up to its total, and totals the brands shown", async () => {
    statisticsRoutes();
    renderStatistics("/statistics?tab=brand");
    const table = await screen.findByTestId("brand-statistics");
    expect(tableCells(table)).toEqual([
      ["Apple", "3", "2", "1", "2 700 ₽", "1 999 ₽", "701 ₽"],
      ["Samsung", "1", "1", "0", "500 ₽ · 10 $", "500 ₽ · 10 $", "—"],
    ]);
    expect(screen.getByText("Итого: 3 200 ₽ · 10 $")).toBeInTheDocument();
  });

  it("the search keeps the brands whose name holds it, in any case", async () => {
    statisticsRoutes();
    renderStatistics("/statistics?tab=brand");
    const table = await screen.findByTestId("brand-statistics");
    await userEvent.type(screen.getByLabelText("Поиск по брэндам"), "SAMS");
    expect(tableCells(table).map((row) => row[0])).toEqual(["Samsung"]);
  });
});
