import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useGroupMutations } from "../clients/index.ts";
import { firstColumn, renderStatistics, statisticsRoutes } from "./test-fixtures.tsx";

afterEach(() => vi.unstubAllGlobals());

/** The clients' screen renaming group 5, as its dialog does. */
function RenameGroup() {
  const { update } = useGroupMutations();
  return (
    <button type="button" onClick={() => update.mutate({ id: 5, body: { name: "Казань" } })}>
      Переименовать
    </button>
  );
}

describe("StatisticsPage", () => {
  it("per client: sorted by total descending, a header sorts and a second click reverses; Всего per currency", async () => {
    statisticsRoutes();
    renderStatistics();
    const table = await screen.findByTestId("client-statistics");
    expect(firstColumn(table)).toEqual(["2", "3", "1", "7"]);
    expect(screen.getByTestId("client-total")).toHaveTextContent("Всего: 4 801 ₽ · 10 $");
    expect(within(table).getByText("Временный блок")).toBeInTheDocument();
    expect(within(table).getAllByText("Москва", { selector: "td" })).toHaveLength(2);

    await userEvent.click(within(table).getByRole("button", { name: "ID" }));
    expect(firstColumn(table)).toEqual(["1", "2", "3", "7"]);
    await userEvent.click(within(table).getByRole("button", { name: "ID" }));
    expect(firstColumn(table)).toEqual(["7", "3", "2", "1"]);

    // An unknown client (7) is found by its id; known ones by organization or nickname.
    await userEvent.type(screen.getByLabelText("Поиск по клиентам"), "7");
    expect(firstColumn(table)).toEqual(["7"]);
    await userEvent.clear(screen.getByLabelText("Поиск по клиентам"));
    await userEvent.type(screen.getByLabelText("Поиск по клиентам"), "ромаш");
    expect(firstColumn(table)).toEqual(["1"]);
  });

  it("a row opens «Продажи клиента по дням» with days without orders highlighted", async () => {
    const calls = statisticsRoutes();
    renderStatistics();
    const table = await screen.findByTestId("client-statistics");
    await userEvent.click(within(table).getByText("Анна"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Продажи клиента по дням")).toBeInTheDocument();
    const days = await within(dialog).findByTestId("client-days");
    expect(within(days).getByTestId("day-without-orders")).toHaveTextContent("Нет");
    expect(within(days).getByTestId("day-with-orders")).toHaveTextContent("Да");
    expect(within(days).getByTestId("day-with-orders")).toHaveTextContent("500 ₽");
    expect(calls.find((c) => c.url.includes("client-orders"))?.url).toContain("client_id=1");
  });

  it("a bad answer shows the warning «Данные не получены»", async () => {
    statisticsRoutes({ "GET /api/statistics/period/": () => ({ status: 200, body: ["not an object"] }) });
    renderStatistics();
    expect(await screen.findByText("Данные не получены")).toBeInTheDocument();
    expect(screen.getByText("Сервер вернул пустой ответ или неверный формат данных")).toBeInTheDocument();
    expect(screen.getByText("Нет данных для отображения")).toBeInTheDocument();
  });

  it("the initial load failing shows the spec's toast, title and text", async () => {
    statisticsRoutes({ "GET /api/profiles/groups/": () => ({ status: 403, body: { detail: "нет" } }) });
    renderStatistics();
    expect(await screen.findByText("Ошибка загрузки данных")).toBeInTheDocument();
    expect(
      screen.getByText("Не удалось загрузить необходимые данные. Пожалуйста, обновите страницу."),
    ).toBeInTheDocument();
  });

  it("a group renamed on the clients' screen is renamed here too: the groups have one query key", async () => {
    let group = { id: 5, name: "Москва", surcharge: 1, is_active: true };
    statisticsRoutes({
      "GET /api/profiles/groups/": () => ({ status: 200, body: [group] }),
      "PUT /api/profiles/groups/5/": ({ body }) => {
        group = { ...group, ...(body as object) };
        return { status: 200, body: group };
      },
    });
    renderStatistics("/statistics", <RenameGroup />);
    const table = await screen.findByTestId("client-statistics");
    expect(within(table).getAllByText("Москва", { selector: "td" })).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Переименовать" }));
    await waitFor(() => expect(within(table).getAllByText("Казань", { selector: "td" })).toHaveLength(2));
  });

  it("tabs: per day with its nested tabs, problems sorted by percent remaining, per brand", async () => {
    const calls = statisticsRoutes();
    renderStatistics();
    await screen.findByTestId("client-statistics");
    await userEvent.click(screen.getByRole("tab", { name: "По дням" }));
    expect(await screen.findByText("Apple iPhone 128 ГБ")).toBeInTheDocument();
    expect(screen.getByText("Итого: 2 499,75 ₽")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "По опту" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("type=small"))).toBe(true));
    expect(await screen.findByText("Итого: 2 499 ₽")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Крупный опт" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("type=large"))).toBe(true));

    await userEvent.click(screen.getByRole("tab", { name: "По группе" }));
    expect(screen.queryByTestId("date-statistics")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("group_id"))).toBe(false);

    await userEvent.click(screen.getByRole("tab", { name: "Проблемные позиции" }));
    const problems = await screen.findByTestId("problem-positions");
    expect(firstColumn(problems)).toEqual(["Remax Сетевое зарядное 20W, чёрное", "Мало (синий)", "Много"]);
    expect(within(problems).getByText("2 %")).toBeInTheDocument();
    // Sold is shown; an unknown start reads the spec's 0, and so does its percent (part 2 §9).
    const cells = (name: string) =>
      [...(within(problems).getByText(name).closest("tr")?.querySelectorAll("td") ?? [])].map(
        (td) => td.textContent,
      );
    expect(cells("Remax Сетевое зарядное 20W, чёрное").slice(1, 5)).toEqual(["0", "7", "250", "0 %"]);
    expect(cells("Мало (синий)").slice(1, 5)).toEqual(["100", "3", "2", "2 %"]);

    await userEvent.click(screen.getByRole("tab", { name: "По брэндам" }));
    expect(firstColumn(await screen.findByTestId("brand-statistics"))).toEqual(["Apple", "Samsung"]);
  });
});
