import { render, screen, within } from "@testing-library/react";
import type { TModification } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ModificationsTable } from "./ModificationsTable.tsx";

afterEach(() => vi.unstubAllGlobals());

const modification: TModification = {
  id: 7,
  product: 3,
  name: "64 ГБ",
  specifications: "",
  quantity: 5,
  quantity_on_start: 5,
  quantity_added: 0,
  available: true,
  available_small_wholesale: true,
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
  client_ids: [],
  group_ids: [],
  transportation_ids: [],
  one_hand_quantity: 0,
  one_hand_limited: false,
  addition: null,
  exclusive: false,
  exclusives: [],
};

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
    expect(cells[3]?.textContent).toBe("11\u00a0999,5\u00a0₽");
  });
});
