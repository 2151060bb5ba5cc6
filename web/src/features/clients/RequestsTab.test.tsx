import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TRegistrationRequest } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { RequestsTab } from "./RequestsTab.tsx";

afterEach(() => vi.unstubAllGlobals());

// Asked on the 20th at 12:30 Moscow time for large wholesale («Крупный опт» in the bot).
const request: TRegistrationRequest = {
  id: 4,
  client: testClient({
    id: 9,
    telegram_username: "olga_k",
    phone_number: "+79005556677",
    organization_name: "ООО Вектор",
    nickname: "Ольга",
    client_type: 2,
    is_active: false,
  }),
  confirmed: false,
  deleted: false,
  created_at: "2026-11-20T09:30:00.000Z",
};

describe("RequestsTab", () => {
  it("shows the volume the client chose and when they asked; confirming starts from that volume", async () => {
    const calls = mockFetch({
      "GET /api/profiles/registration-requests/": () => ({ status: 200, body: [request] }),
      "PUT /api/profiles/registration-requests/4/": () => ({
        status: 200,
        body: { ...request, confirmed: true },
      }),
    });
    render(
      withAppProviders(
        <RequestsTab
          groups={[{ id: 1, name: "VIP", surcharge: 1, is_active: true }]}
          transportations={[{ id: 1, name: "Казань", is_active: true, tg_id: null }]}
        />,
      ),
    );
    const row = await screen.findByRole("row", { name: /olga_k/ });
    expect(within(row).getByRole("cell", { name: "Крупный опт" })).toHaveAttribute("data-label", "Объем");
    expect(within(row).getByRole("cell", { name: "20.11.2026 12:30" })).toHaveAttribute(
      "data-label",
      "Дата заявки",
    );
    expect(screen.getByRole("columnheader", { name: "Объем" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Дата заявки" })).toBeInTheDocument();

    await userEvent.click(within(row).getByRole("button", { name: "Добавить клиента olga_k" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByLabelText("Объем закупки")).toHaveTextContent("Крупный опт");
    for (const [label, option] of [
      ["Группа клиента", "VIP"],
      ["Направление", "Казань"],
    ] as const) {
      await userEvent.click(dialog.getByLabelText(label));
      await userEvent.click(await screen.findByRole("option", { name: option }));
    }
    await userEvent.click(dialog.getByRole("button", { name: "Добавить" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
        confirmed: true,
        client: { nickname: "Ольга", group: 1, transportation: 1, client_type: 2 },
      }),
    );
  });
});
