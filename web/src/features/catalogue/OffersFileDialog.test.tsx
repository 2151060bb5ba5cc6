import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { OffersFileDialog } from "./OffersFileDialog.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const xlsx = new File(["xlsx"], "offers.xlsx", {
  type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
});

describe("OffersFileDialog", () => {
  it("«Скачать шаблон» says «Файл скачан» with the file's name, as every download does", async () => {
    mockFetch({ "GET /api/storehouse/offers/template/": () => ({ status: 200, body: "xlsx" }) });
    // jsdom has no object URLs; the download only needs one to name.
    URL.createObjectURL = () => "blob:template";
    URL.revokeObjectURL = () => {};
    render(withAppProviders(<OffersFileDialog open onClose={() => {}} />));
    await userEvent.click(screen.getByRole("button", { name: "Скачать шаблон" }));
    expect(await screen.findByText("Файл скачан")).toBeInTheDocument();
    expect(screen.getByText("Шаблон_предложений.xlsx")).toBeInTheDocument();
  });

  it("a refused file is said once, in the dialog with its rows, and no notice covers its buttons", async () => {
    mockFetch({
      "POST /api/storehouse/offers/file/": () => ({
        status: 400,
        body: {
          detail: "Файл не загружен, ошибки в строках: Строка 3: не указан(а) брэнд",
          code: "bad_request",
          errors: { file: ["Строка 3: не указан(а) брэнд", "Строка 5: неизвестная валюта «Евро»"] },
        },
      }),
    });
    render(withAppProviders(<OffersFileDialog open onClose={() => {}} />));
    await userEvent.upload(screen.getByLabelText("Файл предложений"), xlsx);
    const dialog = within(screen.getByRole("dialog"));
    expect(await dialog.findByText("Строка 3: не указан(а) брэнд")).toBeInTheDocument();
    expect(dialog.getByText("Строка 5: неизвестная валюта «Евро»")).toBeInTheDocument();
    expect(screen.getAllByText(/Строка 3: не указан\(а\) брэнд/)).toHaveLength(1);
    expect(document.querySelector(".notistack-SnackbarContainer")?.textContent ?? "").toBe("");
  });

  it("a file refused without rows shows the server's reason in the dialog, and only there", async () => {
    mockFetch({
      "POST /api/storehouse/offers/file/": () => ({
        status: 400,
        body: {
          detail: "Файл не является книгой Excel (.xlsx)",
          code: "bad_request",
        },
      }),
    });
    render(withAppProviders(<OffersFileDialog open onClose={() => {}} />));
    await userEvent.upload(screen.getByLabelText("Файл предложений"), xlsx);
    expect(
      await within(screen.getByRole("dialog")).findByText("Файл не является книгой Excel (.xlsx)"),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/Файл не является книгой Excel/)).toHaveLength(1);
  });
});
