import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client.ts";
import { DownloadButton, DownloadIconButton } from "./download.tsx";
import Notices from "./Notices.tsx";

/** A save that finishes when the test says so. */
function pendingSave() {
  let finish: (name: string) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const save = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  );
  return { save, finish: (name: string) => finish(name), fail: (error: unknown) => fail(error) };
}

describe("downloads", () => {
  it("a button is busy until the file is saved, starts once, then says the file is there", async () => {
    const { save, finish } = pendingSave();
    render(
      <>
        <DownloadButton save={save}>Скачать xlsx</DownloadButton>
        <Notices />
      </>,
    );
    const button = screen.getByRole("button", { name: /Скачать xlsx/ });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    // A second click meanwhile starts nothing (a disabled button takes no pointer; a keyboard could try).
    button.click();
    expect(save).toHaveBeenCalledOnce();
    finish("Статистика.xlsx");
    expect(await screen.findByText("Файл скачан")).toBeInTheDocument();
    expect(screen.getByText("Статистика.xlsx")).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("an icon shows a spinner while busy, and a failure says why", async () => {
    const { save, fail } = pendingSave();
    render(
      <>
        <DownloadIconButton save={save} label="Скачать накладную" icon={<span>↓</span>} />
        <Notices />
      </>,
    );
    const icon = screen.getByRole("button", { name: "Скачать накладную" });
    await userEvent.click(icon);
    expect(await screen.findByRole("progressbar", { name: "Загрузка" })).toBeInTheDocument();
    expect(icon).toHaveAttribute("aria-busy", "true");
    fail(new ApiError(404, "Файл не найден"));
    expect(await screen.findByText("Ошибка при загрузке отчета")).toBeInTheDocument();
    expect(screen.getByText("Файл не найден")).toBeInTheDocument();
    await waitFor(() => expect(icon).toHaveAttribute("aria-busy", "false"));
  });
});
