import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plainText, renderStatistics, statisticsRoutes, tableCells } from "./test-fixtures.tsx";

afterEach(() => vi.unstubAllGlobals());

const openPerDay = async () => {
  renderStatistics("/statistics?tab=perDate");
  return screen.findByRole("tab", { name: "По брэнду" });
};
const names = async () => tableCells(await screen.findByTestId("date-statistics")).map((row) => row[0]);

describe("per-day tab", () => {
  it("a failed load shows the error text with «Повторить запрос», which asks again", async () => {
    let failing = true;
    const calls = statisticsRoutes({
      "GET /api/statistics/date/": () =>
        failing
          ? { status: 400, body: { detail: "Некорректная дата" } }
          : {
              status: 200,
              body: {
                statistics: [
                  {
                    modification: { id: 9, name: "128 ГБ", product: "iPhone", brand: "Apple" },
                    details: [{ total_cost: 10, total_quantity: 1, currency_sign: "₽" }],
                  },
                ],
                ordered_brands: [{ name: "Apple" }],
              },
            },
    });
    await openPerDay();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Не удалось загрузить статистику");
    expect(screen.queryByTestId("date-statistics")).not.toBeInTheDocument();

    failing = false;
    const before = calls.filter((c) => c.url.startsWith("/api/statistics/date/?")).length;
    await userEvent.click(screen.getByRole("button", { name: "Повторить запрос" }));
    expect(await names()).toEqual(["Apple iPhone 128 ГБ"]);
    expect(calls.filter((c) => c.url.startsWith("/api/statistics/date/?")).length).toBe(before + 1);
    expect(screen.queryByText("Повторить запрос")).not.toBeInTheDocument();
  });

  it("По брэнду: the brand select asks for that brand only, and clearing it shows every brand again", async () => {
    const calls = statisticsRoutes();
    await openPerDay();
    expect(await names()).toEqual(["Apple iPhone 128 ГБ", "Samsung Galaxy 256 ГБ"]);

    await userEvent.click(screen.getByLabelText("Брэнд"));
    await userEvent.click(await screen.findByRole("option", { name: "Samsung" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("brand=Samsung"))).toBe(true));
    await waitFor(async () => expect(await names()).toEqual(["Samsung Galaxy 256 ГБ"]));
    // The brand sub-tab's total keeps kopecks (part 2 §9).
    expect(screen.getByText("Итого: 500,25 ₽")).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Брэнд"));
    await waitFor(async () =>
      expect(await names()).toEqual(["Apple iPhone 128 ГБ", "Samsung Galaxy 256 ГБ"]),
    );
  });

  it("По группе: nothing loads until a group is chosen, then that group's sales with an unfloored total", async () => {
    const calls = statisticsRoutes();
    await openPerDay();
    await userEvent.click(screen.getByRole("tab", { name: "По группе" }));
    expect(screen.queryByTestId("date-statistics")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("group_id"))).toBe(false);

    await userEvent.click(screen.getByLabelText("Выбор группы"));
    await userEvent.click(await screen.findByRole("option", { name: "Москва" }));
    expect(await names()).toEqual(["Apple iPhone 64 ГБ"]);
    expect(calls.filter((c) => c.url.includes("group_id")).map((c) => c.url)).toEqual([
      expect.stringContaining("group_id=5"),
    ]);
    expect(screen.getByText("Итого: 700,50 ₽")).toBeInTheDocument();
  });

  it("По опту: the rows floored, «Итого» the day's exact sum floored once, with the rows' dropped kopecks", async () => {
    const item = (id: number, name: string, total_cost: number) => ({
      modification: { id, name, product: "Кабель", brand: "Hoco" },
      details: [{ total_cost, total_quantity: 1, currency_sign: "$" }],
    });
    statisticsRoutes({
      "GET /api/statistics/date/": () => ({
        status: 200,
        body: {
          statistics: [item(1, "1 м", 72.6), item(2, "2 м", 46.5)],
          ordered_brands: [{ name: "Hoco" }],
        },
      }),
    });
    await openPerDay();
    await userEvent.click(screen.getByRole("tab", { name: "По опту" }));
    expect(tableCells(await screen.findByTestId("date-statistics")).map((row) => row[2])).toEqual([
      "72 $",
      "46 $",
    ]);
    expect(plainText(screen.getByTestId("date-total").textContent)).toBe("Итого: 119 $");
    expect(plainText(screen.getByTestId("dropped-kopecks").textContent)).toBe(
      "В строках копейки отброшены, вместе они дают 1 $",
    );
    // The unfloored sub-tabs add up to the kopeck: nothing is dropped.
    await userEvent.click(screen.getByRole("tab", { name: "По брэнду" }));
    expect(plainText((await screen.findByTestId("date-total")).textContent)).toBe("Итого: 119,10 $");
    expect(screen.queryByTestId("dropped-kopecks")).not.toBeInTheDocument();
  });
});
