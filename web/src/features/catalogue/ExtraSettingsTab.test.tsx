import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testModification } from "../../../test/catalogue.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ExtraSettingsTab } from "./ExtraSettingsTab.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const MODIFICATION = testModification({
  exclusive: true,
  exclusives: [{ id: 4, modification: 7, quantity: 2, ratio: 1 }],
});

function renderTab() {
  render(withAppProviders(<ExtraSettingsTab modification={MODIFICATION} disabled={false} />));
}

describe("ExtraSettingsTab", () => {
  it("saves the one-hand limit, an exclusive entry and a new addition", async () => {
    const calls = mockFetch({
      "PUT /api/storehouse/modifications/7/": ({ body }) => ({
        status: 200,
        body: { ...MODIFICATION, ...(body as object) },
      }),
      "PUT /api/storehouse/modifications/exclusives/4/": ({ body }) => ({
        status: 200,
        body: { id: 4, modification: 7, ...(body as object) },
      }),
      "POST /api/storehouse/additions/": ({ body }) => ({
        status: 201,
        body: { id: 9, ...(body as object) },
      }),
      "GET /api/storehouse/modifications/7/": () => ({ status: 200, body: MODIFICATION }),
    });
    renderTab();
    const oneHand = screen.getByLabelText("Количество в одни руки");
    await userEvent.clear(oneHand);
    await userEvent.type(oneHand, "5");
    await userEvent.click(screen.getAllByRole("button", { name: "Сохранить" })[0] as HTMLElement);
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      name: "64 ГБ",
      specifications: "",
      one_hand_quantity: 5,
      exclusive: true,
    });

    const ratio = screen.getByLabelText("Коэффициент");
    await userEvent.clear(ratio);
    await userEvent.type(ratio, "1.5");
    await userEvent.click(screen.getAllByRole("button", { name: "Сохранить" })[1] as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/exclusives/4/"))).toBe(true));
    expect(calls.find((c) => c.url.endsWith("/exclusives/4/"))?.body).toEqual({ quantity: 2, ratio: 1.5 });

    await userEvent.type(screen.getByLabelText("Описание дополнения"), "Зарядка");
    await userEvent.type(screen.getByLabelText("Малый опт"), "10");
    await userEvent.type(screen.getByLabelText("Крупный опт"), "9.5");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить дополнение" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      modification: 7,
      description: "Зарядка",
      small_wholesale: 10,
      large_wholesale: 9.5,
    });
  });

  it("refuses what the server would, in its words, and sends nothing", async () => {
    const calls = mockFetch({});
    renderTab();
    const oneHand = screen.getByLabelText("Количество в одни руки");
    await userEvent.clear(oneHand);
    await userEvent.type(oneHand, "2,5");
    await userEvent.click(screen.getAllByRole("button", { name: "Сохранить" })[0] as HTMLElement);
    await waitFor(() => expect(oneHand).toBeInvalid());

    const ratio = screen.getByLabelText("Коэффициент");
    await userEvent.clear(ratio);
    await userEvent.type(ratio, "1000000");
    await userEvent.click(screen.getAllByRole("button", { name: "Сохранить" })[1] as HTMLElement);
    await waitFor(() => expect(ratio).toBeInvalid());
    expect(ratio).toHaveAccessibleDescription(/999\s?999/);

    await userEvent.type(screen.getByLabelText("Малый опт"), "10");
    await userEvent.type(screen.getByLabelText("Крупный опт"), "9");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить дополнение" }));
    await waitFor(() => expect(screen.getByLabelText("Описание дополнения")).toBeInvalid());
    expect(screen.getByLabelText("Описание дополнения")).toHaveAccessibleDescription("Обязательное поле");
    expect(calls).toHaveLength(0);
  });
});
