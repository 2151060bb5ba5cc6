import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TMiniAppItem } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddSheet } from "./AddSheet.tsx";
import { serveMiniApp } from "./test-server.ts";

const item: TMiniAppItem = {
  id: 7,
  name: "Кабель 1 м",
  product_name: "Кабель USB-C",
  brand_id: 1,
  brand_name: "Acme",
  stock: "in_stock",
  price: 600,
  currency_sign: "₽",
  from_quantity: 1,
  waiting: false,
};
const card = {
  id: 7,
  name: "Кабель 1 м",
  product_name: "Кабель USB-C",
  brand_name: "Acme",
  specifications: "",
  addition: null,
  tiers: [{ from_quantity: 1, price: 600, currency_sign: "₽", orderable: true }],
  stock: "in_stock",
  can_order: true,
  up_to: null,
  reason: null,
  quantities: [1, 5, 10],
  waiting: false,
};
const quote = (price: number, quantity = 1) => ({
  quantity,
  price,
  price_kopecks: price * 100,
  sum: price * quantity,
  currency_sign: "₽",
});

afterEach(() => vi.unstubAllGlobals());

describe("«Добавить»", () => {
  it("adds at the quoted price; a changed price adds nothing until the new one is confirmed", async () => {
    const calls = serveMiniApp({
      "modifications/7/": [
        { status: 200, body: card },
        // Read again once the price changed: its tier shows the new price.
        { status: 200, body: { ...card, tiers: [{ ...card.tiers[0], price: 650 }] } },
      ],
      "quote/": [{ status: 200, body: quote(600) }],
      "positions/": [
        {
          status: 409,
          body: {
            detail: "Цена изменилась: подтвердите заказ по новой цене.",
            code: "price_changed",
            can_still: null,
            take_available: false,
            quote: quote(650),
          },
        },
        {
          status: 201,
          body: { position: { name: "Кабель 1 м", quantity: 1 }, totals: [] },
        },
      ],
    });
    const onAdded = vi.fn();
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={onAdded} onWaiting={() => {}} onError={() => {}} />,
    );
    await screen.findByText(/сумма/);
    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Цена изменилась");
    expect(screen.getByText(/Новая цена: 650/)).toBeInTheDocument();
    // One price on screen: the tier line is the new one, never the 600 ₽ beside «Новая цена: 650 ₽».
    await waitFor(() => expect(screen.getByTestId("tiers")).toHaveTextContent("от 1 шт. — 650 ₽"));
    expect(screen.queryByText(/600/)).not.toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Подтвердить" }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith("Добавлено: Кабель 1 м, 1 шт.", null));
    const adds = calls.filter((c) => c.path === "positions/").map((c) => c.body);
    expect(adds).toEqual([
      { modification: 7, quantity: 1, price_kopecks: 60000 },
      { modification: 7, quantity: 1, price_kopecks: 65000 },
    ]);
  });

  it("shows the service's refusal in its words and offers a retry when there is no connection", async () => {
    serveMiniApp({
      "modifications/7/": [{ status: 200, body: card }],
      "quote/": [
        { status: 200, body: quote(600) },
        {
          status: 409,
          body: {
            detail: "В одни руки не больше 3 шт. в день: можно ещё 3 шт.",
            code: "hand_limit",
            can_still: 3,
            take_available: false,
            quote: null,
          },
        },
      ],
      "positions/": ["offline"],
    });
    const onError = vi.fn();
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={() => {}} onWaiting={() => {}} onError={onError} />,
    );
    await screen.findByText(/сумма/);
    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    const [error, retry] = onError.mock.calls[0] ?? [];
    expect(error).toBeInstanceOf(Error);
    expect(error).toHaveProperty("message", "Нет связи с сервером. Проверьте интернет и повторите.");
    expect(typeof retry).toBe("function");

    await userEvent.tripleClick(screen.getByLabelText("Количество"));
    await userEvent.keyboard("4");
    expect(screen.getByLabelText("Количество")).toHaveValue("4");
    expect(await screen.findByRole("alert")).toHaveTextContent("В одни руки не больше 3 шт. в день");
    expect(screen.getByRole("button", { name: "Добавить" })).toBeDisabled();
  });

  it("adds more of a modification the order holds: the quote is the whole position, the add the units asked", async () => {
    const calls = serveMiniApp({
      "modifications/7/": [{ status: 200, body: card }],
      // The order holds 3 already: one more makes a position of 4.
      "quote/": [{ status: 200, body: quote(600, 4) }],
      "positions/": [
        {
          status: 201,
          body: { position: { name: "Кабель 1 м", quantity: 4 }, totals: [] },
        },
      ],
    });
    const onAdded = vi.fn();
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={onAdded} onWaiting={() => {}} onError={() => {}} />,
    );
    expect(await screen.findByText("В заказе будет 4 шт.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith("Добавлено: Кабель 1 м, 1 шт. (в заказе 4 шт.)", null),
    );
    expect(calls.filter((c) => c.path === "positions/").map((c) => c.body)).toEqual([
      { modification: 7, quantity: 1, price_kopecks: 60000 },
    ]);
  });

  it("names the modification with its brand and shows its prices exactly, kopecks included", async () => {
    serveMiniApp({
      "modifications/7/": [
        {
          status: 200,
          body: {
            ...card,
            tiers: [
              { from_quantity: 1, price: 226.1, currency_sign: "₽", orderable: true },
              { from_quantity: 10, price: 220, currency_sign: "₽", orderable: true },
            ],
          },
        },
      ],
      "quote/": [{ status: 200, body: { ...quote(226.1, 3), price_kopecks: 22610, sum: 678.3 } }],
    });
    const priced: TMiniAppItem = { ...item, price: 226.1 };
    render(
      <AddSheet
        item={priced}
        onClose={() => {}}
        onAdded={() => {}}
        onWaiting={() => {}}
        onError={() => {}}
      />,
    );
    expect(screen.getByRole("dialog", { name: "Acme Кабель USB-C Кабель 1 м" })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId("tiers")).toHaveTextContent("от 1 шт. — 226,10 ₽ · от 10 шт. — 220 ₽"),
    );
    expect(
      await screen.findByText("226,10 ₽ за шт. · сумма 678,30 ₽", {
        normalizer: (t) => t.replaceAll("\u00a0", " "),
      }),
    ).toBeInTheDocument();
  });

  it("too many adds in a row: the sheet says when to try again, and the same «Добавить» goes through", async () => {
    const tooFast = {
      detail: "Слишком много заказов подряд: повторите через 1 с.",
      code: "too_fast",
      can_still: null,
      take_available: false,
      quote: null,
    };
    const position = { id: 1, modification: 7, name: "Acme Кабель USB-C Кабель 1 м", quantity: 1 };
    serveMiniApp({
      "modifications/7/": [{ status: 200, body: card }],
      "quote/": [{ status: 200, body: quote(600) }],
      "positions/": [
        { status: 429, body: tooFast },
        { status: 201, body: { position, order: { positions: [position] } } },
      ],
    });
    const onError = vi.fn();
    const onAdded = vi.fn();
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={onAdded} onWaiting={() => {}} onError={onError} />,
    );
    await screen.findByText(/сумма/);
    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(tooFast.detail);
    // Nothing blocks the sheet: the same tap, a second later, adds.
    expect(screen.getByRole("button", { name: "Добавить" })).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith("Добавлено: Acme Кабель USB-C Кабель 1 м, 1 шт.", null),
    );
    expect(onError).not.toHaveBeenCalled();
  });
});

describe("«Взять сколько есть»", () => {
  it("is offered when the stock holds fewer than asked, adds what is left at the price asked, and names it only then", async () => {
    const stock = {
      detail: "Столько нет на складе: можно заказать меньше.",
      code: "out_of_stock",
      can_still: null,
      take_available: true,
      quote: quote(600, 10),
    };
    const position = { id: 1, modification: 7, name: "Acme Кабель USB-C Кабель 1 м", quantity: 7 };
    const calls = serveMiniApp({
      "modifications/7/": [{ status: 200, body: card }],
      "quote/": [
        { status: 200, body: quote(600) },
        { status: 409, body: stock },
      ],
      "positions/available/": [{ status: 201, body: { position, totals: null } }],
    });
    const onAdded = vi.fn();
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={onAdded} onWaiting={() => {}} onError={() => {}} />,
    );
    await screen.findByText(/сумма/);
    fireEvent.change(screen.getByLabelText("Количество"), { target: { value: "10" } });
    expect(await screen.findByRole("alert")).toHaveTextContent(stock.detail);
    expect(screen.getByRole("button", { name: "Добавить" })).toBeDisabled();
    // The sheet says nothing of how many are left until they are in the order.
    expect(screen.getByRole("dialog")).not.toHaveTextContent(/(?<!\d)7(?!\d)/);
    await userEvent.click(screen.getByRole("button", { name: "Взять сколько есть" }));
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith(
        "Добавлено сколько есть: Acme Кабель USB-C Кабель 1 м, в заказе 7 шт.",
        null,
      ),
    );
    expect(calls.filter((c) => c.path === "positions/available/").map((c) => c.body)).toEqual([
      { modification: 7, quantity: 10, price_kopecks: 60000 },
    ]);
  });

  it("is not offered for a limit of the client's own", async () => {
    serveMiniApp({
      "modifications/7/": [{ status: 200, body: card }],
      "quote/": [
        { status: 200, body: quote(600) },
        {
          status: 409,
          body: {
            detail: "В одни руки не больше 3 шт. в день: можно ещё 3 шт.",
            code: "hand_limit",
            can_still: 3,
            take_available: false,
            quote: null,
          },
        },
      ],
    });
    render(
      <AddSheet item={item} onClose={() => {}} onAdded={() => {}} onWaiting={() => {}} onError={() => {}} />,
    );
    await screen.findByText(/сумма/);
    fireEvent.change(screen.getByLabelText("Количество"), { target: { value: "5" } });
    expect(await screen.findByRole("alert")).toHaveTextContent("В одни руки не больше 3 шт.");
    expect(screen.queryByRole("button", { name: "Взять сколько есть" })).toBeNull();
  });
});

describe("«В список» while the market is closed", () => {
  it("reads the list's card and quote and puts the line in the list at the price shown", async () => {
    const line = {
      id: 3,
      modification: 7,
      name: "Acme Кабель USB-C Кабель 1 м",
      quantity: 5,
      price: 600,
      price_kopecks: 60000,
      confirmed_price_kopecks: 60000,
      sum: 3000,
      currency_sign: "₽",
      sold: true,
      stock: "in_stock",
    };
    const list = {
      lines: [line],
      totals: [{ currency_sign: "₽", amount: 3000 }],
      market: { open: false, open_until: null, next_open_at: null },
    };
    const calls = serveMiniApp({
      "list/modifications/7/": [{ status: 200, body: card }],
      "list/quote/": [
        { status: 200, body: quote(600) },
        { status: 200, body: quote(600, 5) },
      ],
      "list/lines/": [{ status: 201, body: list }],
    });
    const onAdded = vi.fn();
    render(
      <AddSheet
        item={item}
        toList={{ inList: 2 }}
        onClose={() => {}}
        onAdded={onAdded}
        onWaiting={() => {}}
        onError={() => {}}
      />,
    );
    expect(await screen.findByText("Уже в списке: 2 шт. Количество заменится новым.")).toBeInTheDocument();
    await screen.findByText(/сумма/);
    fireEvent.change(screen.getByLabelText("Количество"), { target: { value: "5" } });
    await screen.findByText(/сумма 3\s000/);
    await userEvent.click(screen.getByRole("button", { name: "В список" }));
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith("В списке к открытию: Acme Кабель USB-C Кабель 1 м, 5 шт.", list),
    );
    expect(calls.filter((c) => c.path === "list/lines/").map((c) => c.body)).toEqual([
      { modification: 7, quantity: 5, price_kopecks: 60000 },
    ]);
    expect(calls.some((c) => c.path === "positions/" || c.path === "quote/")).toBe(false);
  });
});
