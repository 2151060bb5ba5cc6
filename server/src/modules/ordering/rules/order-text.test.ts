import { describe, expect, it } from "vitest";
import { orderText, unitsText } from "./order-text.ts";

describe("the bot's order texts", () => {
  it("print money as the back-office and the Mini App do: two digits of kopecks, none for whole amounts", () => {
    expect(unitsText({ quantity: 3, price: 226.1, sum: 678.3, currencySign: "₽" })).toBe(
      "3 шт × 226,10 ₽ = 678,30 ₽",
    );
    expect(unitsText({ quantity: 10, price: 540, sum: 5400, currencySign: "₽" })).toBe(
      "10 шт × 540 ₽ = 5 400 ₽",
    );
    expect(unitsText({ quantity: 10, price: null, sum: null, currencySign: "₽" })).toBe("10 шт");
  });

  it("totals the order in the same figures", () => {
    const text = orderText({
      day: "2026-11-20",
      orderId: 1,
      positions: [
        {
          id: 1,
          modificationId: 1,
          name: "Кабель",
          quantity: 1,
          price: 226.1,
          sum: 226.1,
          currencyId: 1,
          currencySign: "₽",
          status: "added",
          statusLabel: "Добавлен",
          changeable: true,
        },
      ],
      totals: [{ currencyId: 1, currencySign: "₽", amount: 226.1 }],
    });
    expect(text).toBe(
      "Ваш заказ на 20.11.2026:\n1. Кабель — 1 шт × 226,10 ₽ = 226,10 ₽ · Добавлен\n\nИтого: 226,10 ₽",
    );
  });
});
