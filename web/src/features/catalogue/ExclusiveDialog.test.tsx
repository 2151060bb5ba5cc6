import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { ExclusiveDialog } from "./ExclusiveDialog.tsx";

afterEach(() => vi.unstubAllGlobals());

function serve() {
  return mockFetch({
    "GET /api/storehouse/nomenclature/": () => ({
      status: 200,
      body: [{ id: 1, name: "Аист", products: [] }],
    }),
    "GET /api/storehouse/brands/1/exclusives/": () => ({
      status: 200,
      body: { brand_id: 1, exclusive: false, ratio: 0, percent: 0 },
    }),
    "POST /api/storehouse/brands/exclusives/": () => ({ status: 200, body: { updated: 3 } }),
  });
}

async function openDialog(onDone = vi.fn(), onClose = vi.fn()) {
  render(withAppProviders(<ExclusiveDialog open brand={1} onClose={onClose} onDone={onDone} />));
  const dialog = await screen.findByRole("dialog", { name: "Эксклюзивность брэнда" });
  // The fields wait for the brand's current state before they can be changed.
  await waitFor(() => expect(within(dialog).getByLabelText("Коэффициент")).toBeEnabled());
  return dialog;
}

describe("«Эксклюзивность брэнда»", () => {
  it("refuses a ratio above the contract's 999 999, as the server would, and sends nothing", async () => {
    const calls = serve();
    const dialog = await openDialog();
    const ratio = within(dialog).getByLabelText("Коэффициент");
    await userEvent.clear(ratio);
    await userEvent.type(ratio, "1000000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(ratio).toBeInvalid());
    expect(ratio).toHaveAccessibleDescription(/999\s?999/);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("opens on the brand's state and saves what was typed, a decimal comma included", async () => {
    const calls = serve();
    const onDone = vi.fn();
    const onClose = vi.fn();
    const dialog = await openDialog(onDone, onClose);
    expect(within(dialog).getByRole("switch", { name: "Эксклюзив" })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole("switch", { name: "Эксклюзив" }));
    const ratio = within(dialog).getByLabelText("Коэффициент");
    await userEvent.clear(ratio);
    await userEvent.type(ratio, "1,5");
    const percent = within(dialog).getByLabelText("Процент");
    await userEvent.clear(percent);
    await userEvent.type(percent, "20");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDone).toHaveBeenCalled();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      brand_id: 1,
      exclusive: true,
      ratio: 1.5,
      percent: 20,
    });
  });
});
