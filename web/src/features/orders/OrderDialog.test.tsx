import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testOrder, testPosition } from "../../../test/orders.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { OrderDialog } from "./OrderDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

/** A screen `width` px wide for MUI's media queries (jsdom has no layout). */
function screenOf(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => {
    const below = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: below ? width <= Number(below[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    };
  });
}

const order = testOrder({
  positions: [
    testPosition(1, "added", "Кабель", { price: 341.5, quantity: 3 }),
    testPosition(2, "added", "Чехол", { price: 2.76, quantity: 10, currency: 2, currency_sign: "$" }),
    testPosition(3, "added", "Стекло", { price: 3.13, quantity: 5, currency: 2, currency_sign: "$" }),
  ],
  total: [
    { currency: 1, currency_sign: "₽", amount: 1024.5 },
    { currency: 2, currency_sign: "$", amount: 43.25 },
  ],
});
/** Text as read, no-break spaces (inside amounts) written as ordinary ones. */
const read = (text: string | null) => text?.replaceAll("\u00a0", " ");

describe("OrderDialog money", () => {
  it("shows each unit price exactly and each sum floored on a phone", () => {
    screenOf(390);
    render(withAppProviders(<OrderDialog order={order} canEdit={false} onClose={() => {}} />));
    const figures = screen.getAllByTestId("position-figures").map((f) => read(f.textContent));
    expect(figures).toEqual(["341,50 ₽ × 3 = 1 024 ₽", "2,76 $ × 10 = 27 $", "3,13 $ × 5 = 15 $"]);
  });

  it("shows the price column exactly and the sum column floored on a desktop", () => {
    screenOf(1440);
    render(withAppProviders(<OrderDialog order={order} canEdit={false} onClose={() => {}} />));
    const cells = screen.getAllByTestId("dialog-position").map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((c) => read(c.textContent)),
    );
    // Позиция, Статус, Цена, Количество, Сумма, actions.
    expect(cells.map((c) => [c[2], c[3], c[4]])).toEqual([
      ["341,50 ₽", "3", "1 024 ₽"],
      ["2,76 $", "10", "27 $"],
      ["3,13 $", "5", "15 $"],
    ]);
  });
});
