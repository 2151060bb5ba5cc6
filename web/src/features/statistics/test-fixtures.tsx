import { render, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import StatisticsPage from "./StatisticsPage.tsx";

/** Test support for the statistics screen's tests: a small business answered by every statistics call. */

const client = (id: number, organization_name: string, nickname: string, group: number | null) =>
  testClient({ id, phone_number: `+7900${id}`, organization_name, nickname, group, banned: id === 2 });

const dayItem = (
  id: number,
  name: string,
  product: string,
  brand: string,
  cost: number,
  quantity: number,
) => ({
  modification: { id, name, product, brand },
  details: [{ total_cost: cost, total_quantity: quantity, currency_sign: "₽" }],
});
/** The day's sales per modification: all of them, or one brand's. */
const DAY_ITEMS = [
  dayItem(9, "128 ГБ", "iPhone", "Apple", 1999.5, 2),
  dayItem(11, "256 ГБ", "Galaxy", "Samsung", 500.25, 1),
];
/** A client group's sales: a row no other answer has, so a test sees which call filled the table. */
const GROUP_ITEMS = [dayItem(10, "64 ГБ", "iPhone", "Apple", 700.5, 1)];

const costs = (list: [number, string][]) =>
  list.map(([total_cost, currency_sign]) => ({ total_cost, currency_sign }));
const BRANDS = {
  Apple: {
    total_quantity: 3,
    total_quantity_small_wholesale: 2,
    total_quantity_large_wholesale: 1,
    total_cost: costs([[2700.99, "₽"]]),
    total_cost_small_wholesale: costs([[1999.5, "₽"]]),
    total_cost_large_wholesale: costs([[701.49, "₽"]]),
  },
  Samsung: {
    total_quantity: 1,
    total_quantity_small_wholesale: 1,
    total_quantity_large_wholesale: 0,
    total_cost: costs([
      [500.25, "₽"],
      [10.9, "$"],
    ]),
    total_cost_small_wholesale: costs([
      [500.25, "₽"],
      [10.9, "$"],
    ]),
    total_cost_large_wholesale: [],
  },
};

export function statisticsRoutes(overrides: Parameters<typeof mockFetch>[0] = {}) {
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
        "3": [{ total: 1200.5, currency_sign: "₽", orders_count: 3 }],
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
    "GET /api/statistics/date/": ({ url }) => {
      const query = new URL(url, "http://localhost").searchParams;
      const brand = query.get("brand");
      const statistics = query.get("group_id")
        ? GROUP_ITEMS
        : DAY_ITEMS.filter((i) => !brand || i.modification.brand === brand);
      return { status: 200, body: { statistics, ordered_brands: [{ name: "Apple" }, { name: "Samsung" }] } };
    },
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
          waiting: 0,
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
          waiting: 0,
        },
        {
          // A past day without its snapshot: the start is unknown, not 0.
          id: 3,
          name: "чёрное",
          specifications: "Remax Сетевое зарядное 20W, чёрное",
          quantity_on_start: 0,
          quantity: 250,
          sold: 7,
          price_small_wholesale: 10,
          price_large_wholesale: 9,
          currency_sign: "₽",
          waiting: 0,
        },
      ],
    }),
    "GET /api/statistics/date/brand/": () => ({ status: 200, body: BRANDS }),
    ...overrides,
  });
}

/** The screen at `path`, with `beside` (another area's control) in the same query client. */
export const renderStatistics = (path = "/statistics", beside: ReactNode = null) =>
  render(
    withAppProviders(
      <MemoryRouter initialEntries={[path]}>
        {beside}
        <StatisticsPage />
      </MemoryRouter>,
    ),
  );

export const firstColumn = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent);

/** A cell's text with no-break spaces as plain ones, so expectations read as the screen does. */
export const plainText = (text: string | null) => (text ?? "").replace(/\s+/g, " ");

/** Every body row of a table as its cells' texts, top to bottom. */
export const tableCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => plainText(cell.textContent)),
    );
