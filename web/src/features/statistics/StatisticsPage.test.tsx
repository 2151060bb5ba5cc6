import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import StatisticsPage from "./StatisticsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const client = (id: number, organization_name: string, nickname: string, group: number | null) => ({
  id,
  telegram_id: null,
  telegram_username: null,
  phone_number: `+7900${id}`,
  organization: null,
  organization_name,
  nickname,
  offline: false,
  group,
  transportation: null,
  client_type: 3,
  is_active: true,
  banned: id === 2,
  permanent_banned: false,
  suspicious: false,
  allowed_price: false,
  allowed_price_w_markup: false,
  client_small_wholesale: false,
  client_large_wholesale: false,
  accessrules: null,
});

function routes(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    "GET /api/profiles/clients/": () => ({
      status: 200,
      body: {
        count: 3,
        next: null,
        previous: null,
        results: [
          client(1, "ООО Ромашка", "Анна", 5),
          client(2, "ИП Лютик", "Борис", null),
          client(3, "Василёк", "Вера", 5),
        ],
      },
    }),
    "GET /api/storehouse/brands/": () => ({ status: 200, body: [{ id: 1, name: "Apple", description: "" }] }),
    "GET /api/profiles/groups/": () => ({
      status: 200,
      body: [{ id: 5, name: "Москва", surcharge: 1, is_active: true }],
    }),
    "GET /api/statistics/period/": () => ({
      status: 200,
      body: {
        "1": [{ total: 500.9, currency_sign: "₽", orders_count: 1 }],
        "2": [
          { total: 3000, currency_sign: "₽", orders_count: 2 },
          { total: 10, currency_sign: "$", orders_count: 1 },
        ],
        "7": [{ total: 100, currency_sign: "₽", orders_count: 1 }],
      },
    }),
    "GET /api/statistics/client-orders/": () => ({
      status: 200,
      body: [
        { date: "2026-11-19", weekday: "Четверг", has_orders: false, totals: [] },
        {
          date: "2026-11-20",
          weekday: "Пятница",
          has_orders: true,
          totals: [{ total: 500.9, currency_sign: "₽" }],
        },
      ],
    }),
    "GET /api/statistics/date/": () => ({
      status: 200,
      body: {
        statistics: [
          {
            modification: { id: 9, name: "128 ГБ", product: "iPhone", brand: "Apple" },
            details: [{ total_cost: 1999.5, total_quantity: 2, currency_sign: "₽" }],
          },
        ],
        ordered_brands: [{ name: "Apple" }],
      },
    }),
    "GET /api/statistics/low/": () => ({
      status: 200,
      body: [
        {
          id: 1,
          name: "Много",
          specifications: "",
          quantity_on_start: 100,
          quantity: 19,
          sold: 3,
          price_small_wholesale: 10,
          price_large_wholesale: 9,
          currency_sign: "₽",
        },
        {
          id: 2,
          name: "Мало",
          specifications: "синий",
          quantity_on_start: 100,
          quantity: 2,
          sold: 3,
          price_small_wholesale: 10,
          price_large_wholesale: 9,
          currency_sign: "₽",
        },
      ],
    }),
    "GET /api/statistics/date/brand/": () => ({ status: 200, body: {} }),
    ...overrides,
  });
}

const renderPage = (path = "/statistics") =>
  render(withAppProviders(<MemoryRouter initialEntries={[path]}>{<StatisticsPage />}</MemoryRouter>));

const firstColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

describe("StatisticsPage", () => {
  it("per client: sorted by total descending, a header sorts and a second click reverses; Всего per currency", async () => {
    routes();
    renderPage();
    const table = await screen.findByTestId("client-statistics");
    expect(firstColumn(table)).toEqual(["2", "1", "7"]);
    expect(screen.getByTestId("client-total")).toHaveTextContent("Всего: 3 600 ₽ · 10 $");
    expect(within(table).getByText("Временный блок")).toBeInTheDocument();
    expect(within(table).getByText("Москва", { selector: "td" }) ?? null).toBeTruthy();

    await userEvent.click(within(table).getByRole("button", { name: "ID" }));
    expect(firstColumn(table)).toEqual(["1", "2", "7"]);
    await userEvent.click(within(table).getByRole("button", { name: "ID" }));
    expect(firstColumn(table)).toEqual(["7", "2", "1"]);

    // An unknown client (7) is found by its id; known ones by organization or nickname.
    await userEvent.type(screen.getByLabelText("Поиск по клиентам"), "7");
    expect(firstColumn(table)).toEqual(["7"]);
    await userEvent.clear(screen.getByLabelText("Поиск по клиентам"));
    await userEvent.type(screen.getByLabelText("Поиск по клиентам"), "ромаш");
    expect(firstColumn(table)).toEqual(["1"]);
  });

  it("a row opens «Продажи клиента по дням» with days without orders highlighted", async () => {
    const calls = routes();
    renderPage();
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
    routes({ "GET /api/statistics/period/": () => ({ status: 200, body: ["not an object"] }) });
    renderPage();
    expect(await screen.findByText("Данные не получены")).toBeInTheDocument();
    expect(screen.getByText("Сервер вернул пустой ответ или неверный формат данных")).toBeInTheDocument();
    expect(screen.getByText("Нет данных для отображения")).toBeInTheDocument();
  });

  it("the initial load failing shows the spec's toast", async () => {
    routes({ "GET /api/profiles/groups/": () => ({ status: 403, body: { detail: "нет" } }) });
    renderPage();
    expect(await screen.findByText("Ошибка загрузки данных")).toBeInTheDocument();
  });

  it("tabs: per day with its nested tabs, problems sorted by percent remaining, per brand", async () => {
    const calls = routes();
    renderPage();
    await screen.findByTestId("client-statistics");
    await userEvent.click(screen.getByRole("tab", { name: "По дням" }));
    expect(await screen.findByText("Apple iPhone 128 ГБ")).toBeInTheDocument();
    expect(screen.getByText("Итого: 1 999,5 ₽")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "По опту" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("type=small"))).toBe(true));
    expect(await screen.findByText("Итого: 1 999 ₽")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Крупный опт" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("type=large"))).toBe(true));

    await userEvent.click(screen.getByRole("tab", { name: "По группе" }));
    expect(screen.queryByTestId("date-statistics")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("group_id"))).toBe(false);

    await userEvent.click(screen.getByRole("tab", { name: "Проблемные позиции" }));
    const problems = await screen.findByTestId("problem-positions");
    expect(firstColumn(problems)).toEqual(["Мало (синий)", "Много"]);
    expect(within(problems).getByText("2 %")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "По брэндам" }));
    expect(await screen.findByLabelText("Поиск по брэндам")).toBeInTheDocument();
    expect(screen.getByText("Нет данных для отображения")).toBeInTheDocument();
  });
});
