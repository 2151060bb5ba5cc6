import { render, screen, within } from "@testing-library/react";
import type { TLowModification } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { NOT_SOLD, ProblemsTab } from "./ProblemsTab.tsx";

afterEach(() => vi.unstubAllGlobals());

const low = (id: number, name: string, prices: Partial<TLowModification>): TLowModification => ({
  id,
  name,
  specifications: "",
  quantity_on_start: 100,
  quantity: 5,
  sold: 3,
  price_small_wholesale: 540.5,
  price_large_wholesale: 500,
  currency_sign: "₽",
  waiting: 0,
  ...prices,
});

describe("ProblemsTab", () => {
  it("shows no placeholder as a price: a type the modification is not sold at says so, a missing tier «—»", async () => {
    mockFetch({
      "GET /api/statistics/low/": () => ({
        status: 200,
        body: [
          low(1, "Оба опта", {}),
          // The server sends no price for a first tier's «1» (not sold at this type).
          low(2, "Только малый", { price_large_wholesale: null }),
          low(3, "Без цен", {
            price_small_wholesale: null,
            price_large_wholesale: null,
            currency_sign: null,
          }),
        ],
      }),
    });
    render(withAppProviders(<ProblemsTab />));
    const table = await screen.findByTestId("problem-positions");
    const price = (name: string) =>
      within(table).getByText(name).closest("tr")?.querySelector('td[data-label="Стоимость"]')?.textContent;
    expect(price("Оба опта")).toBe("540,50\u00a0₽ / 500\u00a0₽");
    expect(price("Только малый")).toBe(`540,50\u00a0₽ / ${NOT_SOLD}`);
    expect(price("Без цен")).toBe("—");
  });

  it("shows the spec's 0 for a start not recorded and for its percent", async () => {
    mockFetch({
      "GET /api/statistics/low/": () => ({
        status: 200,
        body: [
          low(1, "С началом", { quantity_on_start: 40, quantity: 3 }),
          low(2, "Без начала", { quantity_on_start: 0 }),
        ],
      }),
    });
    render(withAppProviders(<ProblemsTab />));
    const table = await screen.findByTestId("problem-positions");
    const cell = (name: string, label: string) =>
      within(table).getByText(name).closest("tr")?.querySelector(`td[data-label="${label}"]`)?.textContent;
    expect(cell("Без начала", "Кол-во на начало")).toBe("0");
    expect(cell("Без начала", "Осталось в процентах")).toBe("0 %");
    expect(cell("С началом", "Кол-во на начало")).toBe("40");
    expect(cell("С началом", "Осталось в процентах")).toBe("8 %");
    expect(table.textContent).not.toContain("—");
  });
});
