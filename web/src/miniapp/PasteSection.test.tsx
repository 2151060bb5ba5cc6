import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type {
  TPasteApplied,
  TPasteCandidate,
  TPasteLine,
  TPasteMatch,
  TPreparedList,
} from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListSection } from "./ListSection.tsx";
import { PasteSection } from "./PasteSection.tsx";
import { type Answer, serveMiniApp } from "./test-server.ts";

afterEach(() => vi.unstubAllGlobals());

const candidate = (modification: number, name: string, more: Partial<TPasteCandidate> = {}) => ({
  modification,
  name,
  price: 600,
  price_kopecks: 60000,
  currency_sign: "₽",
  sold: true,
  in_list: 0,
  ...more,
});
const read = (number: number, text: string, more: Partial<TPasteLine>): TPasteLine => ({
  number,
  text,
  status: "matched",
  problem: null,
  name: text.replace(/ — .*$/, ""),
  quantity: null,
  quantity_text: null,
  quantity_problem: null,
  note: null,
  match: null,
  alternatives: [],
  alternatives_pages: 0,
  search: text.replace(/ — .*$/, ""),
  ...more,
});
const matched = (lines: TPasteLine[], more: Partial<TPasteMatch> = {}): TPasteMatch => ({
  lines,
  not_read: null,
  list_lines: 0,
  list_max_lines: 100,
  ...more,
});
const emptyList: TPreparedList = {
  lines: [],
  totals: null,
  market: { open: false, open_until: null, next_open_at: null },
};
const applied = (results: TPasteApplied["results"], list = emptyList): Answer => ({
  status: 201,
  body: { results, list },
});
const flat = (t: string | null | undefined) => t?.replaceAll("\u00a0", " ");
/** The list as an add leaves it: the modifications with their units. */
const listOf = (lines: [number, number][]): TPreparedList => ({
  ...emptyList,
  lines: lines.map(([modification, quantity], i) => ({
    id: i + 1,
    modification,
    name: `Позиция ${modification}`,
    quantity,
    price: 600,
    price_kopecks: 60000,
    confirmed_price_kopecks: 60000,
    sum: 600 * quantity,
    currency_sign: "₽",
    sold: true,
    stock: "in_stock",
  })),
});

const cable = candidate(10, "Apple Кабель Lightning 1 м", { in_list: 2 });
const charger = candidate(20, "Hoco Зарядка 20W");
const [caseA, caseB, caseC] = [
  candidate(31, "Acme Чехол белый"),
  candidate(32, "Acme Чехол чёрный"),
  candidate(33, "Acme Чехол красный"),
];

async function pasted() {
  await userEvent.type(screen.getByLabelText("Список товаров"), "Список");
  await userEvent.click(screen.getByRole("button", { name: "Найти в каталоге" }));
  return screen.findAllByTestId("paste-line");
}

describe("«Вставить список»", () => {
  it("shows what each line read, takes no quantity it could not read, sums one product's lines and adds them in one request", async () => {
    const calls = serveMiniApp({
      "list/paste/": [
        {
          status: 200,
          body: matched(
            [
              read(1, "Кабель Lightning 1м Apple — 10", { quantity: 10, quantity_text: "10", match: cable }),
              read(2, "Зарядка 20W — 2,5", {
                quantity_text: "2,5",
                quantity_problem: "Количество «2,5» — не целое число.",
                match: charger,
              }),
              read(3, "Чехол — 1", {
                status: "ambiguous",
                quantity: 1,
                quantity_text: "1",
                alternatives: [caseA, caseB],
                alternatives_pages: 2,
              }),
              read(4, "Абырвалг — 2", { status: "not_found", quantity: 2, quantity_text: "2" }),
              read(5, "Кабель\ufffd — 3", {
                status: "unreadable",
                name: "",
                problem: "В строке есть непечатаемые символы: она не прочитана. Перепечатайте её.",
              }),
              read(6, "Кабель Lightning 1м Apple — 5", { quantity: 5, quantity_text: "5", match: cable }),
              read(7, "Чехол белое 5", {
                note: "Число «5» в конце прочитано как часть названия. Если это количество, укажите его.",
                match: caseA,
              }),
            ],
            { not_read: { count: 50, from_number: 103 } },
          ),
        },
      ],
      "list/paste/alternatives/": [{ status: 200, body: { alternatives: [caseC], page: 2, pages: 2 } }],
      // A total the answer did not price is quoted: 540 ₽ from 10.
      "list/quote/": (body) => {
        const { quantity } = body as { quantity: number };
        const price = quantity >= 10 ? 540 : 600;
        return {
          status: 200,
          body: { quantity, price, price_kopecks: price * 100, sum: price * quantity, currency_sign: "₽" },
        };
      },
      "list/paste/apply/": [
        applied([
          { status: "added", modification: 10, name: cable.name, quantity: 15, before: 2, total: 17 },
          { status: "added", modification: 20, name: charger.name, quantity: 3, before: 0, total: 3 },
          { status: "added", modification: 33, name: caseC.name, quantity: 1, before: 0, total: 1 },
        ]),
      ],
    });
    const onDone = vi.fn();
    render(<PasteSection onList={() => {}} onDone={onDone} onError={() => {}} />);
    const [one, two, three, four, five, six, seven] = (await pasted()) as HTMLElement[];

    expect(screen.getByTestId("paste-not-read")).toHaveTextContent(
      "Не прочитано строк: 50, начиная со строки № 103: за раз читается не больше 100 строк — столько вмещает " +
        "список. Вставьте остальные следующим списком.",
    );
    expect(within(one as HTMLElement).getByTestId("paste-read")).toHaveTextContent(
      "Прочитано: «Кабель Lightning 1м Apple» — 10 шт.",
    );
    // Lines 1 and 6 are one product: summed onto the 2 the list holds.
    expect(one).toHaveTextContent("Строки 1, 6 — один товар: вместе 15 шт.");
    expect(six).toHaveTextContent("В списке уже 2 шт.: станет 17 шт.");
    // «2,5» is shown as read and not taken until the client types a quantity.
    expect(two).toHaveTextContent("Прочитано: «Зарядка 20W», количество «2,5» не взято");
    expect(two).toHaveTextContent("Количество «2,5» — не целое число.");
    expect(within(two as HTMLElement).getByRole("checkbox")).not.toBeChecked();
    expect(within(two as HTMLElement).getByRole("checkbox")).toBeDisabled();
    expect(four).toHaveTextContent("Не найдено в каталоге");
    expect(five).toHaveTextContent("В строке есть непечатаемые символы: она не прочитана. Перепечатайте её.");
    expect(seven).toHaveTextContent("Прочитано: «Чехол белое 5», количество не указано");
    expect(seven).toHaveTextContent("Число «5» в конце прочитано как часть названия.");
    expect(within(seven as HTMLElement).getByLabelText("Количество, строка 7")).toHaveValue("1");
    // The line 7 is left out: the client unticks it.
    await userEvent.click(within(seven as HTMLElement).getByRole("checkbox"));
    // The sum of 17 crosses a tier: its price is asked and shown before anything can be added.
    await waitFor(() => expect(flat(one?.textContent)).toContain("Apple Кабель Lightning 1 м · 540 ₽"));
    expect(screen.getByRole("button", { name: "Добавить в список (1 поз.)" })).toBeEnabled();

    expect(two).not.toHaveTextContent("Укажите количество");
    const field = within(two as HTMLElement).getByLabelText("Количество, строка 2");
    await userEvent.type(field, "0");
    expect(two).toHaveTextContent("Укажите количество целым числом от 1 до 100000.");
    expect(within(two as HTMLElement).getByRole("checkbox")).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, "3");
    expect(two).not.toHaveTextContent("Укажите количество");
    expect(within(two as HTMLElement).getByRole("checkbox")).toBeChecked();
    await userEvent.click(within(three as HTMLElement).getByRole("button", { name: "Показать ещё" }));
    await userEvent.click(await within(three as HTMLElement).findByRole("radio", { name: /красный/ }));
    expect(within(three as HTMLElement).queryByRole("button", { name: "Показать ещё" })).toBeNull();
    const add = await screen.findByRole("button", { name: "Добавить в список (3 поз.)" });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone.mock.calls[0]?.[1]).toBe(
      "Добавлено в список: 3 поз. Строк было 4: строки одного товара сложены. У 1 поз. количество прибавлено " +
        "к тому, что уже было в списке. Не добавлено строк: 3 (не найдены, не выбраны или без количества).",
    );
    const sent = calls.filter((c) => c.path === "list/paste/apply/");
    expect(sent.map((c) => c.body)).toEqual([
      {
        lines: [
          { modification: 10, quantity: 15, price_kopecks: 54000, in_list: 2 },
          { modification: 20, quantity: 3, price_kopecks: 60000, in_list: 0 },
          { modification: 33, quantity: 1, price_kopecks: 60000, in_list: 0 },
        ],
      },
    ]);
    expect(calls.find((c) => c.path === "list/paste/alternatives/")?.query).toBe(
      "search=%D0%A7%D0%B5%D1%85%D0%BE%D0%BB&quantity=1&page=2",
    );
  });

  it("names the places left and adds nothing past the list's cap", async () => {
    serveMiniApp({
      "list/paste/": [
        {
          status: 200,
          body: matched(
            [
              read(1, "Зарядка 20W — 1", { quantity: 1, quantity_text: "1", match: charger }),
              read(2, "Чехол белый — 1", { quantity: 1, quantity_text: "1", match: caseA }),
              read(3, "Кабель — 1", { quantity: 1, quantity_text: "1", match: cable }),
            ],
            { list_lines: 99 },
          ),
        },
      ],
    });
    render(<PasteSection onList={() => {}} onDone={() => {}} onError={() => {}} />);
    const [first] = await pasted();
    expect(screen.getByTestId("paste-cap")).toHaveTextContent(
      "В списке не больше 100 строк: свободных мест — 1, а новых позиций выбрано 2. Снимите отметку с лишних.",
    );
    // The cable is in the list already: it takes no place.
    expect(screen.getByRole("button", { name: "Добавить в список (3 поз.)" })).toBeDisabled();
    await userEvent.click(within(first as HTMLElement).getByRole("checkbox"));
    expect(screen.queryByTestId("paste-cap")).toBeNull();
    expect(screen.getByRole("button", { name: "Добавить в список (2 поз.)" })).toBeEnabled();
  });

  it("keeps the lines not added, each with its reason, and what the list holds now", async () => {
    const calls = serveMiniApp({
      "list/paste/": [
        {
          status: 200,
          body: matched([
            read(1, "Зарядка 20W — 2", { quantity: 2, quantity_text: "2", match: charger }),
            read(2, "Чехол белый — 1", { quantity: 1, quantity_text: "1", match: caseA }),
            read(3, "Чехол чёрный — 1", { quantity: 1, quantity_text: "1", match: caseB }),
          ]),
        },
      ],
      "list/paste/apply/": [
        applied(
          [
            { status: "added", modification: 20, name: charger.name, quantity: 2, before: 0, total: 2 },
            {
              status: "refused",
              modification: 31,
              name: caseA.name,
              quantity: 1,
              refusal: {
                detail: "Этот товар сейчас не продаётся.",
                code: "not_sold",
                can_still: null,
                take_available: false,
                quote: null,
              },
            },
            {
              status: "changed",
              modification: 32,
              name: caseB.name,
              quantity: 1,
              in_list: 4,
              detail:
                "Список изменился: в нём 4 шт. этого товара, а не 0. Ничего не прибавлено: проверьте количество.",
            },
          ],
          listOf([
            [20, 2],
            [32, 4],
          ]),
        ),
        applied([{ status: "added", modification: 32, name: caseB.name, quantity: 1, before: 4, total: 5 }]),
      ],
      "list/quote/": () => ({
        status: 200,
        body: { quantity: 5, price: 600, price_kopecks: 60000, sum: 3000, currency_sign: "₽" },
      }),
    });
    const onList = vi.fn();
    const onDone = vi.fn();
    render(<PasteSection onList={onList} onDone={onDone} onError={() => {}} />);
    await pasted();
    await userEvent.click(screen.getByRole("button", { name: "Добавить в список (3 поз.)" }));
    expect(await screen.findByTestId("paste-notice")).toHaveTextContent(
      "Добавлено в список: 1 поз. Не добавлено: 2 поз. — причина у каждой строки ниже.",
    );
    expect(onList).toHaveBeenCalledWith(
      listOf([
        [20, 2],
        [32, 4],
      ]),
    );
    const [refused, changed] = screen.getAllByTestId("paste-line") as HTMLElement[];
    expect(refused).toHaveTextContent("Этот товар сейчас не продаётся.");
    expect(changed).toHaveTextContent("Список изменился: в нём 4 шт. этого товара, а не 0.");
    // What the list holds now is shown, and an add goes on it only with that figure.
    await userEvent.click(within(refused as HTMLElement).getByRole("checkbox"));
    expect(changed).toHaveTextContent("В списке уже 4 шт.: станет 5 шт.");
    const again = await screen.findByRole("button", { name: "Добавить в список (1 поз.)" });
    await waitFor(() => expect(again).toBeEnabled());
    await userEvent.click(again);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === "list/paste/apply/").at(-1)?.body).toEqual({
      lines: [{ modification: 32, quantity: 1, price_kopecks: 60000, in_list: 4 }],
    });
  });

  it("shows the server's refusal of the whole paste and keeps every line", async () => {
    const detail =
      "В списке не больше 100 строк. Свободных мест: 0, а новых позиций выбрано: 1. Ничего не добавлено: " +
      "снимите отметку с лишних.";
    serveMiniApp({
      "list/paste/": [
        {
          status: 200,
          body: matched([read(1, "Зарядка 20W — 2", { quantity: 2, quantity_text: "2", match: charger })]),
        },
      ],
      "list/paste/apply/": [{ status: 409, body: { detail } }],
    });
    const onDone = vi.fn();
    render(<PasteSection onList={() => {}} onDone={onDone} onError={() => {}} />);
    await pasted();
    await userEvent.click(screen.getByRole("button", { name: "Добавить в список (1 поз.)" }));
    expect(await screen.findByTestId("paste-notice")).toHaveTextContent(detail);
    expect(screen.getAllByTestId("paste-line")).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("tells the list what went in once all of it did", async () => {
    serveMiniApp({
      "list/paste/": [
        {
          status: 200,
          body: matched([read(1, "Зарядка 20W — 2", { quantity: 2, quantity_text: "2", match: charger })]),
        },
      ],
      "list/paste/apply/": [
        applied([
          { status: "added", modification: 20, name: charger.name, quantity: 2, before: 0, total: 2 },
        ]),
      ],
    });
    const onTab = vi.fn();
    const onList = vi.fn();
    const { rerender } = render(
      <ListSection
        tab="paste"
        onTab={onTab}
        list={emptyList}
        market={null}
        outcome={null}
        sending={false}
        onSend={() => {}}
        onList={onList}
        onSent={() => {}}
        onOrderChanged={() => {}}
        onError={() => {}}
      />,
    );
    await pasted();
    await userEvent.click(screen.getByRole("button", { name: "Добавить в список (1 поз.)" }));
    await waitFor(() => expect(onTab).toHaveBeenCalledWith("lines"));
    expect(onList).toHaveBeenCalledWith(emptyList);
    rerender(
      <ListSection
        tab="lines"
        onTab={onTab}
        list={emptyList}
        market={null}
        outcome={null}
        sending={false}
        onSend={() => {}}
        onList={onList}
        onSent={() => {}}
        onOrderChanged={() => {}}
        onError={() => {}}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Добавлено в список: 1 поз.");
  });
});
