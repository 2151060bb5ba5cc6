import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TPreparedList, TPreparedListLine, TPreparedListSent } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, Offline } from "./api.ts";
import { underKey } from "./attempt.ts";
import { ListSection } from "./ListSection.tsx";
import { serveMiniApp } from "./test-server.ts";

const line = (id: number, name: string, more: Partial<TPreparedListLine> = {}): TPreparedListLine => ({
  id,
  modification: id * 10,
  name,
  quantity: 10,
  price: 540,
  price_kopecks: 54000,
  confirmed_price_kopecks: 54000,
  sum: 5400,
  currency_sign: "₽",
  sold: true,
  stock: "in_stock",
  ...more,
});
const closed = { open: false, open_until: null, next_open_at: null };
const open = { open: true, open_until: null, next_open_at: null };
const list = (lines: TPreparedListLine[], market = closed): TPreparedList => ({
  lines,
  totals: [{ currency_sign: "₽", amount: lines.reduce((s, l) => s + (l.sum ?? 0), 0) }],
  market,
});

afterEach(() => vi.unstubAllGlobals());

const props = {
  tab: "lines" as const,
  onTab: () => {},
  outcome: null,
  sending: false,
  onSend: () => {},
  onSent: () => {},
  onOrderChanged: () => {},
  onError: () => {},
};
const flat = (t: string | null | undefined) => t?.replaceAll("\u00a0", " ");

describe("«Список к открытию»", () => {
  it("shows each line as it would cost now, marks a line no longer sold, and deletes after a confirmation", async () => {
    const kept = line(1, "Apple Кабель Lightning 1 м");
    const gone = line(2, "Hoco Зарядка 20W", { sold: false, price: null, price_kopecks: null, sum: null });
    const calls = serveMiniApp({ "list/lines/2/": [{ status: 200, body: list([kept]) }] });
    const onList = vi.fn();
    render(<ListSection {...props} list={list([kept, gone])} market={closed} onList={onList} />);
    const rows = screen.getAllByTestId("list-line");
    expect(flat(rows[0]?.textContent)).toContain("10 шт. × 540 ₽ = 5 400 ₽");
    expect(rows[1]).toHaveTextContent("Больше не продаётся: при отправке будет отказ.");
    expect(screen.getByText(/Маркет закрыт/)).toBeInTheDocument();
    // Closed: nothing offers to send.
    expect(screen.queryByRole("button", { name: /Отправить список/ })).not.toBeInTheDocument();

    await userEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Удалить" }));
    expect(screen.getByTestId("delete-confirm")).toHaveTextContent("Удалить «Hoco Зарядка 20W» из списка?");
    expect(calls).toEqual([]);
    await userEvent.click(
      within(screen.getByTestId("delete-confirm")).getByRole("button", { name: "Удалить" }),
    );
    await waitFor(() => expect(onList).toHaveBeenCalledWith(list([kept])));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["DELETE list/lines/2/"]);
  });

  it("changes a line's quantity at the price its quote showed, and confirms a changed price as it is now", async () => {
    const cable = line(1, "Apple Кабель Lightning 1 м");
    const charger = line(2, "Hoco Зарядка 20W", {
      price: 250.5,
      price_kopecks: 25050,
      confirmed_price_kopecks: 24000,
      sum: 2505,
    });
    const twelve = { ...cable, quantity: 12, sum: 6480 };
    const calls = serveMiniApp({
      // The quote of the quantity asked, whichever the stepper settles on.
      "list/quote/": (body) => {
        const { quantity } = body as { quantity: number };
        return {
          status: 200,
          body: { quantity, price: 540, price_kopecks: 54000, sum: quantity * 540, currency_sign: "₽" },
        };
      },
      "list/lines/1/": [{ status: 200, body: list([twelve, charger]) }],
      "list/lines/2/": [
        { status: 200, body: list([twelve, { ...charger, confirmed_price_kopecks: 25050 }]) },
      ],
    });
    const onList = vi.fn();
    render(<ListSection {...props} list={list([cable, charger])} market={closed} onList={onList} />);
    const [first, second] = screen.getAllByTestId("list-line") as HTMLElement[];

    await userEvent.click(within(first as HTMLElement).getByRole("button", { name: "Изменить" }));
    const save = within(first as HTMLElement).getByRole("button", { name: "Сохранить" });
    // The same quantity saves nothing.
    await waitFor(() => expect(within(first as HTMLElement).getByTestId("line-quote")).toBeInTheDocument());
    expect(save).toBeDisabled();
    await userEvent.click(within(first as HTMLElement).getByRole("button", { name: "Больше" }));
    await userEvent.click(within(first as HTMLElement).getByRole("button", { name: "Больше" }));
    await waitFor(() =>
      expect(flat(within(first as HTMLElement).getByTestId("line-quote").textContent)).toBe(
        "12 шт. × 540 ₽ = 6 480 ₽",
      ),
    );
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(onList).toHaveBeenCalledWith(list([twelve, charger])));
    expect(calls.filter((c) => c.method === "PUT")).toMatchObject([
      { method: "PUT", path: "list/lines/1/", body: { quantity: 12, price_kopecks: 54000 } },
    ]);

    expect(flat(second?.textContent)).toContain("Цена изменилась: было 240 ₽, сейчас 250,50 ₽.");
    await userEvent.click(within(second as HTMLElement).getByRole("button", { name: "Подтвердить цену" }));
    await waitFor(() => expect(onList).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.method === "PUT").at(-1)).toMatchObject({
      method: "PUT",
      path: "list/lines/2/",
      body: { quantity: 10, price_kopecks: 25050 },
    });
  });

  it("answers a send line by line; «Добавить 3 шт.» adds what the limit allows at the quoted price", async () => {
    const sent: TPreparedListSent = {
      results: [
        {
          status: "added",
          line: 1,
          modification: 10,
          name: "Apple Кабель Lightning 1 м",
          quantity: 10,
          price: 540,
          currency_sign: "₽",
          position: 77,
        },
        {
          status: "refused",
          line: 2,
          modification: 20,
          name: "Hoco Зарядка 20W",
          quantity: 5,
          refusal: {
            detail: "Осталось 3 шт. по вашему лимиту.",
            code: "hand_limit",
            can_still: 3,
            take_available: false,
            quote: null,
          },
        },
      ],
      order: { order_id: 1, day: "2026-11-27", positions: [], totals: null },
    };
    const calls = serveMiniApp({
      "quote/": [
        {
          status: 200,
          body: { quantity: 3, price: 300, price_kopecks: 30000, sum: 900, currency_sign: "₽" },
        },
      ],
      "positions/": [
        { status: 201, body: { position: { name: "Hoco Зарядка 20W", quantity: 3 }, totals: [] } },
      ],
      "list/lines/2/": [{ status: 200, body: list([]) }],
    });
    const onOrderChanged = vi.fn();
    const onList = vi.fn();
    render(
      <ListSection
        {...props}
        list={list([line(2, "Hoco Зарядка 20W", { quantity: 5 })], open)}
        market={open}
        outcome={{ kind: "sent", sent }}
        onList={onList}
        onOrderChanged={onOrderChanged}
      />,
    );
    expect(screen.getByRole("button", { name: "Отправить список (1 поз.)" })).toBeEnabled();
    const result = screen.getByTestId("send-result");
    expect(result).toHaveTextContent("Добавлено в заказ: 1 из 2");
    const [added, refused] = screen.getAllByTestId("result-line");
    expect(flat(added?.textContent)).toBe("✓ Apple Кабель Lightning 1 мДобавлено: 10 шт. × 540 ₽");
    expect(refused).toHaveTextContent("5 шт.: Осталось 3 шт. по вашему лимиту.");
    const offer = await within(refused as HTMLElement).findByRole("button", {
      name: /^Добавить 3 шт\. по 300/,
    });
    await userEvent.click(offer);
    await waitFor(() => expect(onList).toHaveBeenCalledWith(list([])));
    expect(onOrderChanged).toHaveBeenCalled();
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "quote/", { modification: 20, quantity: 3 }],
      ["POST", "positions/", { modification: 20, quantity: 3, price_kopecks: 30000 }],
      ["DELETE", "list/lines/2/", undefined],
    ]);
    expect(refused).toHaveTextContent("Добавлено: 3 шт.");
  });

  it("a line the stock refused offers «Взять сколько есть»: what is left is added and named only then", async () => {
    const sent: TPreparedListSent = {
      results: [
        {
          status: "refused",
          line: 4,
          modification: 40,
          name: "Baseus Power bank 10000",
          quantity: 12,
          refusal: {
            detail: "Столько нет на складе: можно заказать меньше.",
            code: "out_of_stock",
            can_still: null,
            take_available: true,
            quote: { quantity: 12, price: 900, price_kopecks: 90000, sum: 10800, currency_sign: "₽" },
          },
        },
      ],
      order: { order_id: 1, day: "2026-11-27", positions: [], totals: null },
    };
    const calls = serveMiniApp({
      "positions/available/": [
        { status: 201, body: { position: { name: "Baseus Power bank 10000", quantity: 4 }, totals: [] } },
      ],
      "list/lines/4/": [{ status: 200, body: list([]) }],
    });
    const onList = vi.fn();
    render(
      <ListSection
        {...props}
        list={list([line(4, "Baseus Power bank 10000", { quantity: 12 })], open)}
        market={open}
        outcome={{ kind: "sent", sent }}
        onList={onList}
      />,
    );
    const [refused] = screen.getAllByTestId("result-line");
    expect(refused).not.toHaveTextContent(/(?<!\d)4(?!\d)/);
    await userEvent.click(within(refused as HTMLElement).getByRole("button", { name: "Взять сколько есть" }));
    await waitFor(() => expect(onList).toHaveBeenCalledWith(list([])));
    expect(refused).toHaveTextContent("Добавлено сколько есть: в заказе 4 шт.");
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "positions/available/", { modification: 40, quantity: 12, price_kopecks: 90000 }],
      ["DELETE", "list/lines/4/", undefined],
    ]);
  });

  it("a whole list refused shows the service's reason with the opening time", () => {
    serveMiniApp({});
    render(
      <ListSection
        {...props}
        list={list([line(1, "Apple Кабель Lightning 1 м")])}
        market={closed}
        outcome={{
          kind: "refused",
          detail: "Маркет закрыт, откроется в 10:00. Список можно отправить, когда маркет откроется.",
        }}
        onList={() => {}}
      />,
    );
    expect(screen.getByTestId("send-refused")).toHaveTextContent("откроется в 10:00");
  });
});

describe("a send's idempotency key", () => {
  it("is kept when the answer is lost and sent again unchanged; a new tap after an answer has a new key", async () => {
    const sent = { results: [], order: { order_id: null, day: "2026-11-27", positions: [], totals: null } };
    const calls = serveMiniApp({
      "list/send/": ["offline", "offline", { status: 200, body: sent }, { status: 200, body: sent }],
    });
    const send = () => underKey("list", (key) => api.sendList({ idempotency_key: key }));
    await expect(send()).rejects.toBeInstanceOf(Offline);
    await expect(send()).rejects.toBeInstanceOf(Offline);
    await expect(send()).resolves.toEqual(sent);
    await send();
    const keys = calls.map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });
});
