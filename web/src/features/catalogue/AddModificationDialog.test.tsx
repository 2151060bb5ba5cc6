import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { AddModificationDialog } from "./AddModificationDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

function serve() {
  return mockFetch({
    "GET /api/storehouse/nomenclature/": () => ({
      status: 200,
      body: [{ id: 1, name: "Аист", products: [{ id: 2, name: "Кабель" }] }],
    }),
    "GET /api/storehouse/currencies/": () => ({ status: 200, body: [{ id: 1, name: "Рубль", sign: "₽" }] }),
    "POST /api/storehouse/modifications/": () => ({ status: 400, body: { detail: "Не создана" } }),
  });
}

describe("«Добавить модификацию»", () => {
  it("without a product says the spec's «Пожалуйста, выберите брэнд и продукт» and sends nothing", async () => {
    const calls = serve();
    render(withAppProviders(<AddModificationDialog open brand={null} product={null} onClose={() => {}} />));
    const dialog = await screen.findByRole("dialog", { name: "Добавить модификацию" });
    await userEvent.type(within(dialog).getByLabelText("Название"), "1 м");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await within(dialog).findByText("Пожалуйста, выберите брэнд и продукт")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("creates the modification not available, each wholesale type available at a price other than 1", async () => {
    const calls = serve();
    const onClose = vi.fn();
    render(withAppProviders(<AddModificationDialog open brand={1} product={2} onClose={onClose} />));
    const dialog = await screen.findByRole("dialog", { name: "Добавить модификацию" });
    await userEvent.type(within(dialog).getByLabelText("Название"), " 1 м ");
    await userEvent.clear(within(dialog).getByLabelText("Малый опт"));
    await userEvent.type(within(dialog).getByLabelText("Малый опт"), "250,50");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      product: 2,
      name: "1 м",
      quantity: 0,
      available: false,
      available_small_wholesale: true,
      available_large_wholesale: false,
      prices_data: [{ currency: 1, small_wholesale: 250.5, large_wholesale: 1 }],
    });
    // The refusal is the toast; the dialog stays with what was typed.
    expect(await screen.findByText("Ошибка при создании модификации. Не создана")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText("Малый опт")).toHaveValue("250,50");
  });

  it("refuses a quantity that is not a whole number, as the server would", async () => {
    const calls = serve();
    render(withAppProviders(<AddModificationDialog open brand={1} product={2} onClose={() => {}} />));
    const dialog = await screen.findByRole("dialog", { name: "Добавить модификацию" });
    await userEvent.type(within(dialog).getByLabelText("Название"), "1 м");
    await userEvent.clear(within(dialog).getByLabelText("Количество"));
    await userEvent.type(within(dialog).getByLabelText("Количество"), "1,5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Количество")).toBeInvalid());
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
