import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testModification } from "../../../test/catalogue.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ModificationsTable } from "./ModificationsTable.tsx";

afterEach(() => vi.unstubAllGlobals());

const modification = testModification({
  available_large_wholesale: false,
  prices: [
    {
      id: 11,
      modification: 7,
      currency: 1,
      currency_sign: "₽",
      quantity_from: 1,
      small_wholesale: 12500,
      large_wholesale: 11999.5,
      available_small_wholesale: true,
      available_large_wholesale: true,
    },
  ],
});

describe("ModificationsTable", () => {
  it("shows prices with the app's money format: no line break before the sign", async () => {
    mockFetch({ "GET /api/storehouse/modifications/": () => ({ status: 200, body: [modification] }) });
    render(
      withAppProviders(
        <ModificationsTable product={3} search="" canWrite canStock onEdit={() => {}} onDelete={() => {}} />,
      ),
    );
    const row = await screen.findByTestId("modification-7");
    const cells = within(row).getAllByRole("cell");
    expect(cells[2]?.textContent).toBe("12\u00a0500\u00a0₽");
    expect(cells[3]?.textContent).toBe("11\u00a0999,50\u00a0₽");
  });

  it("«Статус» says whether the modification sells: on while a wholesale type is, whatever the general flag", async () => {
    const rows = [
      // Sold at both types with the general flag off: the ordering rules sell it.
      testModification({ id: 1, name: "Вектор кабель", available: false }),
      // The general flag on, both types off: nothing sells it.
      testModification({
        id: 2,
        name: "Снят",
        available: true,
        available_small_wholesale: false,
        available_large_wholesale: false,
      }),
      // «Not decided» at both types: shown to clients, not sold.
      testModification({
        id: 3,
        name: "Анонс",
        available: true,
        available_small_wholesale: null,
        available_large_wholesale: null,
      }),
      testModification({ id: 4, name: "Только крупный", available: false, available_small_wholesale: false }),
    ];
    mockFetch({ "GET /api/storehouse/modifications/": () => ({ status: 200, body: rows }) });
    render(
      withAppProviders(
        <ModificationsTable product={3} search="" canWrite canStock onEdit={() => {}} onDelete={() => {}} />,
      ),
    );
    await screen.findByTestId("modification-1");
    const status = (name: string) => (screen.getByLabelText(`Статус: ${name}`) as HTMLInputElement).checked;
    expect(status("Вектор кабель")).toBe(true);
    expect(status("Снят")).toBe(false);
    expect(status("Анонс")).toBe(false);
    expect(status("Только крупный")).toBe(true);
  });

  it("switching «Статус» off stops both types, as the ordering rules read them", async () => {
    const sells = testModification({ id: 1, name: "Вектор кабель", available: false });
    const calls = mockFetch({
      "GET /api/storehouse/modifications/": () => ({ status: 200, body: [sells] }),
      "PUT /api/storehouse/modifications/1/": ({ body }) => ({
        status: 200,
        body: { ...sells, ...(body as object) },
      }),
    });
    render(
      withAppProviders(
        <ModificationsTable product={3} search="" canWrite canStock onEdit={() => {}} onDelete={() => {}} />,
      ),
    );
    await userEvent.click(await screen.findByLabelText("Статус: Вектор кабель"));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      available: false,
      available_small_wholesale: false,
      available_large_wholesale: false,
    });
  });
});
