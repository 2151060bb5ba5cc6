import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ExportCell, exportXlsx } from "./export-xlsx.ts";
import { plainText, renderStatistics, statisticsRoutes, tableCells } from "./test-fixtures.tsx";

// The writer is replaced at its module boundary: the test sees exactly what a download puts in the file.
vi.mock("./export-xlsx.ts", () => ({ exportXlsx: vi.fn(async () => {}) }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(exportXlsx).mockClear();
});

/** Clicks «Скачать xlsx» in `scope`; the file name, headers and rows handed over, cells as screen text. */
async function download(scope: HTMLElement) {
  await userEvent.click(within(scope).getByRole("button", { name: "Скачать xlsx" }));
  await waitFor(() => expect(exportXlsx).toHaveBeenCalledOnce());
  const [filename, , headers, rows] = vi.mocked(exportXlsx).mock.calls[0] ?? [];
  const asText = (cell: ExportCell) => plainText(cell === null ? "" : String(cell));
  return { filename, headers, rows: rows?.map((row) => row.map(asText)) };
}

describe("xlsx download of a statistics table", () => {
  it("per client: the rows left by the search, in the order chosen on screen, then «Всего»", async () => {
    statisticsRoutes();
    renderStatistics();
    const table = await screen.findByTestId("client-statistics");
    await userEvent.type(screen.getByLabelText("Поиск по клиентам"), "а");
    await userEvent.click(within(table).getByRole("button", { name: "Название" }));
    const visible = tableCells(table);
    expect(visible.map((row) => row[2])).toEqual(["Анна", "Вера"]);

    const file = await download(document.body);
    expect(file.filename).toMatch(/^Статистика_по_клиентам_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.headers).toEqual([
      "ID",
      "Имя пользователя",
      "Название",
      "Статус",
      "Телефон",
      "Группа",
      "Кол-во заказов",
      "Общая сумма",
    ]);
    // 500,90 ₽ + 1 200,50 ₽: the rows read 500 ₽ and 1 200 ₽, their kopecks make the total's last rouble.
    expect(file.rows).toEqual([
      ...visible,
      ["Копейки строк", "", "", "", "", "", "", "1 ₽"],
      ["Всего", "", "", "", "", "", "", "1 701 ₽"],
    ]);
    expect(plainText(screen.getByTestId("client-total").textContent)).toBe("Всего: 1 701 ₽");
    expect(plainText(screen.getByTestId("dropped-kopecks").textContent)).toBe(
      "В строках копейки отброшены, вместе они дают 1 ₽",
    );
  });

  it("per day: the searched rows, then «Итого» floored as on screen", async () => {
    statisticsRoutes();
    renderStatistics("/statistics?tab=perDate");
    await userEvent.click(await screen.findByRole("tab", { name: "По опту" }));
    const table = await screen.findByTestId("date-statistics");
    await userEvent.type(screen.getByLabelText("Поиск по модификациям"), "iphone");
    expect(screen.getByText("Итого: 1 999 ₽")).toBeInTheDocument();

    const file = await download(document.body);
    expect(file.headers).toEqual(["Наименование модификации", "Общее кол-во", "Общая сумма"]);
    expect(file.rows).toEqual([...tableCells(table), ["Итого", "", "1 999 ₽"]]);
    expect(file.rows?.[0]).toEqual(["Apple iPhone 128 ГБ", "2", "1 999 ₽"]);
  });

  it("«Продажи клиента по дням» downloads its days in the order on screen, then «Итого»", async () => {
    statisticsRoutes();
    renderStatistics();
    const table = await screen.findByTestId("client-statistics");
    await userEvent.click(within(table).getByText("Анна"));
    const dialog = await screen.findByRole("dialog");
    const days = await within(dialog).findByTestId("client-days");
    await userEvent.click(within(days).getByRole("button", { name: "Дата" }));
    const visible = tableCells(days);
    expect(visible.map((row) => row[0])).toEqual(["20.11.2026", "19.11.2026"]);

    const file = await download(dialog);
    expect(file.filename).toMatch(/^Продажи_клиента_1_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.headers).toEqual(["Дата", "День недели", "Покупал", "Сумма"]);
    expect(file.rows).toEqual([...visible, ["Итого", "", "", "500 ₽"]]);
    expect(visible).toEqual([
      ["20.11.2026", "Пятница", "Да", "500 ₽"],
      ["19.11.2026", "Четверг", "Нет", "—"],
    ]);
  });
});
