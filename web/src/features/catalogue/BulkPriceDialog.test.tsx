import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { BulkPriceDialog } from "./BulkPriceDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

const preview = {
  count: 7,
  examples: [
    {
      modification: 5,
      name: "Аист Кабель 1 м",
      quantity_from: 1,
      currency_sign: "₽",
      old_price: 250,
      new_price: 275,
    },
    {
      modification: 5,
      name: "Аист Кабель 1 м",
      quantity_from: 10,
      currency_sign: "₽",
      old_price: 226.1,
      new_price: 248.71,
    },
  ],
};

function serve() {
  return mockFetch({
    "GET /api/storehouse/nomenclature/": () => ({
      status: 200,
      body: [{ id: 1, name: "Аист", products: [{ id: 2, name: "Кабель" }] }],
    }),
    "GET /api/storehouse/currencies/": () => ({ status: 200, body: [{ id: 1, name: "Рубль", sign: "₽" }] }),
    "POST /api/storehouse/modifications/prices/bulk/preview/": () => ({ status: 200, body: preview }),
    "POST /api/storehouse/modifications/prices/bulk/": () => ({ status: 200, body: { updated: 7 } }),
  });
}

describe("«Изменение цен»", () => {
  it("shows the server's count and examples and changes nothing until «Изменить цены»", async () => {
    const calls = serve();
    const onClose = vi.fn();
    render(withAppProviders(<BulkPriceDialog open brand={1} product={null} onClose={onClose} />));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("button", { name: "Аист" });

    await userEvent.click(within(dialog).getByLabelText("Валюта"));
    await userEvent.click(await screen.findByRole("option", { name: "₽ Рубль" }));
    // A Russian decimal comma.
    await userEvent.type(within(dialog).getByLabelText("Новый курс"), "1,1");
    await userEvent.type(within(dialog).getByLabelText("Старый курс"), "1");
    expect(within(dialog).getByTestId("bulk-price-factor")).toHaveTextContent(
      "Цены умножатся на 1,10000 (+10 %)",
    );

    await userEvent.click(within(dialog).getByRole("button", { name: "Применить" }));
    expect(await within(dialog).findByTestId("bulk-price-count")).toHaveTextContent(
      "Изменятся цены: 7 (малый опт, ₽, × 1,10000).",
    );
    const examples = within(within(dialog).getByRole("list", { name: "Примеры" })).getAllByRole("listitem");
    expect(examples.map((e) => e.textContent?.replaceAll("\u00a0", " "))).toEqual([
      "Аист Кабель 1 мот 1 шт.: 250 ₽ → 275 ₽",
      "Аист Кабель 1 мот 10 шт.: 226,10 ₽ → 248,71 ₽",
      "и ещё 5",
    ]);
    const body = {
      newRate: 1.1,
      oldRate: 1,
      currency: 1,
      wholesale: "small",
      brand: [1],
      products: [],
      modifications: [],
    };
    expect(calls.find((c) => c.url.endsWith("/bulk/preview/"))?.body).toEqual(body);
    expect(calls.some((c) => c.url.endsWith("/prices/bulk/"))).toBe(false);

    // «Назад» returns to the form as it was typed; confirming changes the prices.
    await userEvent.click(within(dialog).getByRole("button", { name: "Назад" }));
    expect(within(dialog).getByLabelText("Новый курс")).toHaveValue("1,1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Применить" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Изменить цены" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.url.endsWith("/prices/bulk/")).map((c) => c.body)).toEqual([body]);
    expect(await screen.findByText("Цены обновлены: 7")).toBeInTheDocument();
  });

  it("says what is wrong with a rate and asks nothing of the server", async () => {
    const calls = serve();
    render(withAppProviders(<BulkPriceDialog open brand={1} product={null} onClose={() => {}} />));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Новый курс"), "-2");
    await userEvent.type(within(dialog).getByLabelText("Старый курс"), "abc");
    expect(within(dialog).getByLabelText("Новый курс")).toHaveAccessibleDescription(/./);
    expect(within(dialog).getByLabelText("Новый курс")).toBeInvalid();
    expect(within(dialog).getByLabelText("Старый курс")).toBeInvalid();
    expect(within(dialog).getByRole("button", { name: "Применить" })).toBeDisabled();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the server's refusal of a field under that field, and stays on the form", async () => {
    mockFetch({
      "GET /api/storehouse/nomenclature/": () => ({
        status: 200,
        body: [{ id: 1, name: "Аист", products: [{ id: 2, name: "Кабель" }] }],
      }),
      "GET /api/storehouse/currencies/": () => ({ status: 200, body: [{ id: 1, name: "Рубль", sign: "₽" }] }),
      "POST /api/storehouse/modifications/prices/bulk/preview/": () => ({
        status: 400,
        body: { detail: "Некорректные данные", errors: { currency: ["Валюта не найдена"] } },
      }),
    });
    render(withAppProviders(<BulkPriceDialog open brand={1} product={null} onClose={() => {}} />));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("button", { name: "Аист" });
    await userEvent.click(within(dialog).getByLabelText("Валюта"));
    await userEvent.click(await screen.findByRole("option", { name: "₽ Рубль" }));
    await userEvent.type(within(dialog).getByLabelText("Новый курс"), "2");
    await userEvent.type(within(dialog).getByLabelText("Старый курс"), "1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Применить" }));
    expect(await within(dialog).findByText("Валюта не найдена")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("bulk-price-count")).not.toBeInTheDocument();
  });
});
