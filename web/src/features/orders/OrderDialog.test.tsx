import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testOrder, testPosition } from "../../../test/orders.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { screenOf } from "../../../test/screen-width.ts";
import { OrderDialog } from "./OrderDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

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
  it("shows each unit price and each sum exactly on a phone", () => {
    screenOf(390);
    render(withAppProviders(<OrderDialog order={order} canEdit={false} onClose={() => {}} />));
    const figures = screen.getAllByTestId("position-figures").map((f) => read(f.textContent));
    expect(figures).toEqual(["341,50 ₽ × 3 = 1 024,50 ₽", "2,76 $ × 10 = 27,60 $", "3,13 $ × 5 = 15,65 $"]);
  });

  it("shows the price and sum columns exactly on a desktop", () => {
    screenOf(1440);
    render(withAppProviders(<OrderDialog order={order} canEdit={false} onClose={() => {}} />));
    const cells = screen.getAllByTestId("dialog-position").map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((c) => read(c.textContent)),
    );
    // Позиция, Статус, Цена, Количество, Сумма, actions.
    expect(cells.map((c) => [c[2], c[3], c[4]])).toEqual([
      ["341,50 ₽", "3", "1 024,50 ₽"],
      ["2,76 $", "10", "27,60 $"],
      ["3,13 $", "5", "15,65 $"],
    ]);
    expect(read(screen.getByTestId("dialog-total").textContent)).toBe("Итого: 1 024,50 ₽ · 43,25 $");
  });
});

/** Kopecks per currency sign of figures read as «1 024,50 ₽» or «27 $». */
function kopecksBySign(figures: string[]) {
  const sums = new Map<string, number>();
  for (const figure of figures) {
    const match = /^(-?[\d ]+)(?:,(\d\d))? (\S+)$/.exec(figure.trim());
    if (!match) throw new Error(`not a sum: «${figure}»`);
    const [, units = "", kopecks = "00", sign = ""] = match;
    const value = Number(units.replaceAll(" ", "")) * 100 + Number(kopecks);
    sums.set(sign, (sums.get(sign) ?? 0) + value);
  }
  return Object.fromEntries(sums);
}

/** An order of `lines` (price, quantity, currency) with the total the server sums in SQL, to the kopeck. */
function orderOf(lines: [price: number, quantity: number, currency: 1 | 2][]) {
  const sign = { 1: "₽", 2: "$" } as const;
  const positions = lines.map(([price, quantity, currency], i) =>
    testPosition(i + 1, "added", `Позиция ${i + 1}`, {
      price,
      quantity,
      currency,
      currency_sign: sign[currency],
    }),
  );
  const total = ([1, 2] as const).flatMap((currency) => {
    const mine = lines.filter(([, , c]) => c === currency);
    const kopecks = mine.reduce((sum, [price, quantity]) => sum + Math.round(price * 100) * quantity, 0);
    return mine.length ? [{ currency, currency_sign: sign[currency], amount: kopecks / 100 }] : [];
  });
  return testOrder({ positions, total });
}

describe("OrderDialog adds up", () => {
  // Each order's floored rows would fall short of its floored total: the kopecks of the rows make units.
  const orders = {
    "three half-rouble rows": orderOf([
      [0.5, 1, 1],
      [0.5, 1, 1],
      [0.5, 1, 1],
    ]),
    "rows floored to 15 789 of a 15 791,63 total": orderOf([
      [1234.99, 12, 1],
      [99.95, 9, 1],
      [0.29, 100, 1],
      [1.07, 3, 1],
      [13.33, 3, 1],
    ]),
    "two currencies with kopecks": orderOf([
      [2.76, 10, 2],
      [3.13, 5, 2],
      [0.99, 7, 2],
      [341.5, 3, 1],
      [10.01, 1, 1],
    ]),
  };

  for (const [name, order] of Object.entries(orders)) {
    for (const width of [1440, 390]) {
      it(`${name}: the rows shown make the «Итого» shown at ${width} px`, () => {
        screenOf(width);
        render(withAppProviders(<OrderDialog order={order} canEdit={false} onClose={() => {}} />));
        const rows =
          width > 600
            ? screen
                .getAllByTestId("dialog-position")
                .map((row) => read(within(row).getAllByRole("cell")[4]?.textContent ?? null) ?? "")
            : screen
                .getAllByTestId("position-figures")
                .map((f) => read(f.textContent)?.split(" = ")[1] ?? "");
        const total = read(screen.getByTestId("dialog-total").textContent)?.replace("Итого: ", "") ?? "";
        expect(kopecksBySign(rows)).toEqual(kopecksBySign(total.split(" · ")));
        // And the total is the order's own, to the kopeck.
        expect(kopecksBySign(total.split(" · "))).toEqual(
          Object.fromEntries(order.total.map((t) => [t.currency_sign, Math.round(t.amount * 100)])),
        );
      });
    }
  }
});
