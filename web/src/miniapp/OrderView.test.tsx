import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TMiniAppOrder, TMiniAppPosition } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrderView } from "./OrderView.tsx";
import { serveMiniApp } from "./test-server.ts";

const position: TMiniAppPosition = {
  id: 41,
  modification: 7,
  name: "Acme Кабель USB-C 1 м",
  quantity: 5,
  price: 600,
  currency_sign: "₽",
  status: "added",
  status_label: "Добавлен",
  sum: 3000,
  changeable: true,
};
const order: TMiniAppOrder = {
  order_id: 3,
  day: "2026-11-20",
  positions: [position],
  totals: [{ currency_sign: "₽", amount: 3000 }],
};
const emptied: TMiniAppOrder = { ...order, positions: [], totals: [] };
const quote = (quantity: number, price: number) => ({
  quantity,
  price,
  price_kopecks: price * 100,
  sum: price * quantity,
  currency_sign: "₽",
});

afterEach(() => vi.unstubAllGlobals());

/** Text as read: no-break spaces (inside amounts) as ordinary ones. */
const read = (text: string | null | undefined) => text?.replaceAll("\u00a0", " ");

describe("«Мой заказ»", () => {
  it("«Удалить» asks first: nothing is deleted until the client confirms", async () => {
    const calls = serveMiniApp<{ quantity: number }>({
      "DELETE positions/41/": [{ status: 200, body: emptied }],
    });
    const onOrder = vi.fn();
    render(<OrderView order={order} marketOpen onOrder={onOrder} onError={() => {}} />);
    const line = screen.getByTestId("order-line");

    await userEvent.click(within(line).getByRole("button", { name: "Удалить" }));
    const confirm = within(line).getByTestId("delete-confirm");
    expect(confirm).toHaveTextContent("Удалить «Acme Кабель USB-C 1 м» из заказа?");
    await userEvent.click(within(confirm).getByRole("button", { name: "Отмена" }));
    expect(within(line).queryByTestId("delete-confirm")).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.click(within(line).getByRole("button", { name: "Удалить" }));
    await userEvent.click(
      within(within(line).getByTestId("delete-confirm")).getByRole("button", { name: "Удалить" }),
    );
    await waitFor(() => expect(onOrder).toHaveBeenCalledWith(emptied));
    expect(calls.map((c) => c.call)).toEqual(["DELETE positions/41/"]);
  });

  it("offers no change or delete while the market is closed for the client, and says why", () => {
    render(<OrderView order={order} marketOpen={false} onOrder={() => {}} onError={() => {}} />);
    expect(screen.queryByRole("button", { name: "Изменить" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Удалить" })).not.toBeInTheDocument();
    expect(screen.getByText("Маркет закрыт: изменить заказ можно, когда он откроется.")).toBeInTheDocument();
  });

  it("prices a new quantity as it changes, across a tier, by the service's quote, and saves at that price", async () => {
    const calls = serveMiniApp<{ quantity: number }>({
      // 600 ₽ from 1, 540 ₽ from 10: whatever quantity is asked while typing.
      "POST quote/": ({ quantity }) => ({ status: 200, body: quote(quantity, quantity >= 10 ? 540 : 600) }),
      "PUT positions/41/": [
        {
          status: 200,
          body: { position: { ...position, quantity: 12, price: 540, sum: 6480 }, order },
        },
      ],
    });
    const onOrder = vi.fn();
    render(<OrderView order={order} marketOpen onOrder={onOrder} onError={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Изменить" }));
    await userEvent.tripleClick(screen.getByLabelText("Количество"));
    await userEvent.keyboard("12");
    // The 540 ₽ tier shows before «Сохранить»: no «Подтвердите цену» for a price never seen.
    await waitFor(() =>
      expect(read(screen.getByTestId("change-quote").textContent)).toBe("12 шт. × 540 ₽ = 6 480 ₽"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onOrder).toHaveBeenCalledWith(order));
    const quotes = calls.filter((c) => c.call === "POST quote/").map((c) => c.body);
    expect(quotes.at(-1)).toEqual({ position: 41, quantity: 12 });
    expect(calls.filter((c) => c.call === "PUT positions/41/").map((c) => c.body)).toEqual([
      { quantity: 12, price_kopecks: 54000 },
    ]);
  });

  it("a price changed between the quote and «Сохранить» is shown, and saved only once confirmed", async () => {
    const calls = serveMiniApp<{ quantity: number }>({
      "POST quote/": ({ quantity }) => ({ status: 200, body: quote(quantity, 600) }),
      "PUT positions/41/": [
        {
          status: 409,
          body: {
            detail: "Цена изменилась: подтвердите заказ по новой цене.",
            code: "price_changed",
            can_still: null,
            take_available: false,
            quote: quote(6, 650),
          },
        },
        { status: 200, body: { position: { ...position, quantity: 6, price: 650, sum: 3900 }, order } },
      ],
    });
    render(<OrderView order={order} marketOpen onOrder={() => {}} onError={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Изменить" }));
    await userEvent.click(screen.getByRole("button", { name: "Больше" }));
    await waitFor(() =>
      expect(read(screen.getByTestId("change-quote").textContent)).toBe("6 шт. × 600 ₽ = 3 600 ₽"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(read(screen.getByTestId("change-quote").textContent)).toBe(
        "Цена изменилась: 6 шт. × 650 ₽ = 3 900 ₽",
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Подтвердить" }));
    await waitFor(() => expect(calls.filter((c) => c.call === "PUT positions/41/")).toHaveLength(2));
    expect(calls.filter((c) => c.call === "PUT positions/41/").map((c) => c.body)).toEqual([
      { quantity: 6, price_kopecks: 60000 },
      { quantity: 6, price_kopecks: 65000 },
    ]);
  });

  it("too many changes in a row: the editor says when to try again, and the same «Сохранить» goes through", async () => {
    const detail = "Слишком много заказов подряд: повторите через 1 с.";
    const calls = serveMiniApp<{ quantity: number }>({
      "POST quote/": ({ quantity }) => ({ status: 200, body: quote(quantity, 600) }),
      "PUT positions/41/": [
        {
          status: 429,
          body: { detail, code: "too_fast", can_still: null, take_available: false, quote: null },
        },
        { status: 200, body: { position: { ...position, quantity: 6, sum: 3600 }, order } },
      ],
    });
    const onOrder = vi.fn();
    const onError = vi.fn();
    render(<OrderView order={order} marketOpen onOrder={onOrder} onError={onError} />);
    await userEvent.click(screen.getByRole("button", { name: "Изменить" }));
    await userEvent.click(screen.getByRole("button", { name: "Больше" }));
    await waitFor(() =>
      expect(read(screen.getByTestId("change-quote").textContent)).toBe("6 шт. × 600 ₽ = 3 600 ₽"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(detail);
    expect(screen.getByRole("button", { name: "Сохранить" })).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onOrder).toHaveBeenCalledWith(order));
    expect(calls.filter((c) => c.call === "PUT positions/41/")).toHaveLength(2);
    expect(onError).not.toHaveBeenCalled();
  });
});
