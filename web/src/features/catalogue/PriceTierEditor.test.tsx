import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TPriceTier } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testModification } from "../../../test/catalogue.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { screenOf } from "../../../test/screen-width.ts";
import { PriceTierEditor } from "./PriceTierEditor.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const CURRENCIES = [
  { id: 1, name: "Рубль", sign: "₽" },
  { id: 2, name: "Доллар", sign: "$" },
];

const tier = (over: Partial<TPriceTier>): TPriceTier => ({
  id: 11,
  modification: 7,
  currency: 1,
  currency_sign: "₽",
  quantity_from: 1,
  small_wholesale: 100,
  large_wholesale: 1,
  available_small_wholesale: true,
  available_large_wholesale: false,
  ...over,
});

const modification = (prices: TPriceTier[]) => testModification({ available_large_wholesale: false, prices });

describe("PriceTierEditor", () => {
  it("shows the headings and 'Цена:' on the first row; a new row gets (rows after adding) * 5 and defaults", async () => {
    screenOf(1280);
    mockFetch({ "GET /api/storehouse/currencies/": () => ({ status: 200, body: CURRENCIES }) });
    render(withAppProviders(<PriceTierEditor modification={modification([tier({})])} onClose={vi.fn()} />));
    expect(screen.getByText("Малый опт")).toBeInTheDocument();
    expect(screen.getByText("Крупный опт")).toBeInTheDocument();
    expect(screen.getAllByText("Цена:")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    expect(screen.getByRole("spinbutton", { name: "Малый опт: от, строка 2" })).toHaveValue(10);
    expect(screen.getByRole("spinbutton", { name: "Малый опт: цена, строка 2" })).toHaveValue(1);
    expect(screen.getByRole("spinbutton", { name: "Крупный опт: цена, строка 2" })).toHaveValue(1);
    expect(screen.getByRole("checkbox", { name: "Малый опт: доступно, строка 2" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Крупный опт: доступно, строка 2" })).toBeChecked();
    // Delete sits in the large-wholesale column on wide screens.
    const rows = screen.getAllByTestId("price-row");
    expect(within(rows[1] as HTMLElement).getAllByRole("button", { name: "Удалить строку 2" })).toHaveLength(
      1,
    );
  });

  it("saves on Enter with the availability rule, disables both buttons while saving, then closes", async () => {
    screenOf(1280);
    let release: () => void = () => {};
    const calls = mockFetch({
      "GET /api/storehouse/currencies/": () => ({ status: 200, body: CURRENCIES }),
      "PUT /api/storehouse/modifications/7/prices/": () => ({ status: 200, body: modification([tier({})]) }),
    });
    const onClose = vi.fn();
    // Holds the save's answer back, so the editor can be seen while saving.
    const routed = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
      if (String(input).includes("/prices/")) await new Promise<void>((resolve) => (release = resolve));
      return routed(input, init);
    });
    render(withAppProviders(<PriceTierEditor modification={modification([tier({})])} onClose={onClose} />));
    const large = screen.getByRole("spinbutton", { name: "Крупный опт: цена, строка 1" });
    await userEvent.clear(large);
    await userEvent.type(large, "80{Enter}");
    await waitFor(() => expect(screen.getByRole("button", { name: "Сохранить" })).toBeDisabled());
    expect(screen.getByRole("button", { name: "Добавить" })).toBeDisabled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const sent = calls.find((c) => c.method === "PUT")?.body as { prices: Record<string, unknown>[] };
    // The large price went from 1 to 80: the large type becomes available.
    expect(sent.prices).toEqual([
      {
        id: 11,
        quantity_from: 1,
        currency: 1,
        small_wholesale: 100,
        large_wholesale: 80,
        available_small_wholesale: true,
        available_large_wholesale: true,
      },
    ]);
  });

  it("toggling a saved tier's availability sends it at once; deleting a saved row sends a delete, a new one is local", async () => {
    screenOf(1280);
    const calls = mockFetch({
      "GET /api/storehouse/currencies/": () => ({ status: 200, body: CURRENCIES }),
      "PUT /api/storehouse/prices/11/": () => ({
        status: 200,
        body: tier({ available_small_wholesale: false }),
      }),
      "DELETE /api/storehouse/prices/12/": () => ({ status: 204 }),
    });
    render(
      withAppProviders(
        <PriceTierEditor
          modification={modification([tier({}), tier({ id: 12, quantity_from: 10 })])}
          onClose={vi.fn()}
        />,
      ),
    );
    await userEvent.click(screen.getByRole("checkbox", { name: "Малый опт: доступно, строка 1" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ available_small_wholesale: false });

    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    expect(screen.getAllByTestId("price-row")).toHaveLength(3);
    await userEvent.click(screen.getByRole("button", { name: "Удалить строку 3" }));
    expect(screen.getAllByTestId("price-row")).toHaveLength(2);
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Удалить строку 2" }));
    await waitFor(() => expect(screen.getAllByTestId("price-row")).toHaveLength(1));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([
      "/api/storehouse/prices/12/",
    ]);
  });

  it("at 960px or less the large column hides the quantity field and delete moves to the first column", () => {
    screenOf(960);
    mockFetch({ "GET /api/storehouse/currencies/": () => ({ status: 200, body: CURRENCIES }) });
    render(
      withAppProviders(
        <PriceTierEditor
          modification={modification([tier({}), tier({ id: 12, quantity_from: 10 })])}
          onClose={vi.fn()}
        />,
      ),
    );
    expect(screen.getAllByText("Цена:")).toHaveLength(1);
    expect(screen.getByRole("spinbutton", { name: "Малый опт: от, строка 2" })).toBeInTheDocument();
    expect(screen.queryByRole("spinbutton", { name: "Крупный опт: от, строка 2" })).not.toBeInTheDocument();
    const row = screen.getAllByTestId("price-row")[1] as HTMLElement;
    const first = row.firstElementChild as HTMLElement;
    expect(within(first).getByRole("button", { name: "Удалить строку 2" })).toBeInTheDocument();
  });
});
