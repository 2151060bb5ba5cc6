import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TMiniAppItem, TStockWaitAsked } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddSheet } from "../AddSheet.tsx";
import { soldOutCard } from "../test-cards.ts";
import { serveMiniApp } from "../test-server.ts";

const item: TMiniAppItem = {
  id: 9,
  name: "20W белый",
  product_name: "Сетевое зарядное",
  brand_id: 1,
  brand_name: "Anker",
  stock: "none",
  price: 900,
  currency_sign: "₽",
  from_quantity: 1,
  waiting: false,
};
const card = soldOutCard(false);
const ASKED = "Сообщим, когда товар появится. Товар не резервируется; ожидание действует 14 дней.";
const ALREADY = "Вы уже ждёте этот товар. Отменить ожидание можно в «Мои ожидания».";
const asked = (already: boolean): TStockWaitAsked => ({
  wait: {
    id: 31,
    modification: 9,
    name: "Anker Сетевое зарядное 20W белый",
    stock: "none",
    created_at: "2026-11-20T09:00:00.000Z",
    expires_at: "2026-12-04T09:00:00.000Z",
  },
  already,
  detail: already ? ALREADY : ASKED,
});

afterEach(() => vi.unstubAllGlobals());

describe("a sold-out item's sheet", () => {
  it("offers «Сообщить о поступлении» instead of adding; asked again, it offers to cancel", async () => {
    const calls = serveMiniApp({
      "GET modifications/9/": [{ status: 200, body: card }],
      "POST waits/": [
        { status: 201, body: asked(false) },
        { status: 200, body: asked(true) },
      ],
      "DELETE waits/31/": [{ status: 204, body: null }],
    });
    const onWaiting = vi.fn();
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={() => {}} onWaiting={onWaiting} onError={() => {}} />,
    );
    expect(await screen.findByTestId("tiers")).toHaveTextContent("от 1 шт. — 900 ₽");
    expect(screen.getByText("нет в наличии")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Добавить" })).toBeNull();
    // The card's «Товар закончился» is no problem here: the sheet offers what may be done instead.
    expect(screen.queryByRole("alert")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Сообщить о поступлении" }));
    expect(await screen.findByRole("status")).toHaveTextContent(ASKED);
    expect(screen.getByText("нет в наличии · сообщим о поступлении")).toBeInTheDocument();
    expect(onWaiting).toHaveBeenLastCalledWith(9, true);

    await userEvent.click(screen.getByRole("button", { name: "Сообщить о поступлении" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(ALREADY));
    await userEvent.click(screen.getByRole("button", { name: "Отменить ожидание" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Ожидание отменено."));
    expect(onWaiting).toHaveBeenLastCalledWith(9, false);
    expect(screen.getByText("нет в наличии")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Сообщить о поступлении" })).toBeEnabled();
    expect(calls.map((c) => c.call)).toEqual([
      "GET modifications/9/",
      "POST waits/",
      "POST waits/",
      "DELETE waits/31/",
    ]);
  });

  it("says the server's refusal and reads the card again: back in stock, the sheet adds", async () => {
    serveMiniApp({
      "GET modifications/9/": [
        { status: 200, body: card },
        {
          status: 200,
          body: { ...card, stock: "few", can_order: true, reason: null, quantities: [1, 5] },
        },
      ],
      "POST waits/": [
        { status: 409, body: { detail: "Товар в наличии — его можно заказать.", code: "in_stock" } },
      ],
      "POST quote/": [
        {
          status: 200,
          body: { quantity: 1, price: 900, price_kopecks: 90000, sum: 900, currency_sign: "₽" },
        },
      ],
    });
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={() => {}} onWaiting={() => {}} onError={() => {}} />,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Сообщить о поступлении" }));
    await screen.findByText(/сумма/);
    expect(screen.getByRole("button", { name: "Добавить" })).toBeEnabled();
    expect(screen.getByText("осталось мало")).toBeInTheDocument();
  });
});
