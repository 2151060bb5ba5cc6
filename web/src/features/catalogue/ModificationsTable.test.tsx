import { render, screen, within } from "@testing-library/react";
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
});
