import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClient } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ClientDialog } from "./ClientDialog.tsx";
import { LIMIT_REQUIRED } from "./client-dialog/client-form.ts";

afterEach(() => vi.unstubAllGlobals());

const lists = {
  "GET /api/profiles/organizations/": () => ({ status: 200, body: [] }),
  "GET /api/storehouse/brands/": () => ({ status: 200, body: [] }),
};

/** A client as most are: confirmed from a request, no limit set (null: no cap). */
const uncapped = testClient({
  id: 9,
  nickname: "Анна",
  accessrules: { id: 4, client: 9, all_prices: [], banned_brands: [], total_limit: null },
});

function open(client: TClient) {
  const onClose = vi.fn();
  render(
    withAppProviders(<ClientDialog client={client} groups={[]} transportations={[]} onClose={onClose} />),
  );
  return onClose;
}

const limitBox = () => screen.getByLabelText(/Лимит суммы заказа/);
const noLimit = () => screen.getByRole("checkbox", { name: "Без лимита" });
const save = () => userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
const putBody = (calls: { method: string; body?: unknown }[]) => calls.find((c) => c.method === "PUT")?.body;

describe("ClientDialog: «Лимит суммы заказа» is required, «Без лимита» is an answer", () => {
  it("a client without a limit opens on «Без лимита» and saves without inventing a cap", async () => {
    const calls = mockFetch({
      ...lists,
      "PUT /api/profiles/clients/9/": () => ({ status: 200, body: uncapped }),
    });
    const onClose = open(uncapped);
    expect(noLimit()).toBeChecked();
    expect(limitBox()).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(/Название организации/));
    await userEvent.type(screen.getByLabelText(/Название организации/), "ООО Ромашка");
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBody(calls)).toMatchObject({
      organization_name: "ООО Ромашка",
      accessrules: { total_limit: null },
    });
  });

  it("neither a sum nor «Без лимита»: a Russian message and nothing sent", async () => {
    const calls = mockFetch(lists);
    const onClose = open(uncapped);
    await userEvent.click(noLimit());
    expect(limitBox()).toBeEnabled();
    await save();
    expect(await screen.findByText(LIMIT_REQUIRED)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("a sum typed with a decimal comma is saved as the cap", async () => {
    const capped = testClient({
      id: 9,
      nickname: "Анна",
      accessrules: { id: 4, client: 9, all_prices: [], banned_brands: [], total_limit: 5000 },
    });
    const calls = mockFetch({
      ...lists,
      "PUT /api/profiles/clients/9/": () => ({ status: 200, body: capped }),
    });
    const onClose = open(capped);
    expect(noLimit()).not.toBeChecked();
    expect(limitBox()).toHaveValue("5000");
    await userEvent.clear(limitBox());
    await userEvent.type(limitBox(), "7500,5");
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBody(calls)).toMatchObject({ accessrules: { total_limit: 7500.5 } });
  });

  it("ticking «Без лимита» over a sum empties the box and saves no cap", async () => {
    const capped = testClient({
      id: 9,
      nickname: "Анна",
      accessrules: { id: 4, client: 9, all_prices: [], banned_brands: [], total_limit: 5000 },
    });
    const calls = mockFetch({
      ...lists,
      "PUT /api/profiles/clients/9/": () => ({ status: 200, body: capped }),
    });
    const onClose = open(capped);
    await userEvent.click(noLimit());
    expect(limitBox()).toHaveValue("");
    expect(limitBox()).toBeDisabled();
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBody(calls)).toMatchObject({ accessrules: { total_limit: null } });
  });
});
