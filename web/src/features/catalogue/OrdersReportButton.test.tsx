import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { OrdersReportButton } from "./OrdersReportButton.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("OrdersReportButton", () => {
  it("shows its progress and takes no second click while the file comes", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetchMock);
    // jsdom has no object URLs; the download only needs one to name.
    URL.createObjectURL = () => "blob:report";
    render(withAppProviders(<OrdersReportButton />));
    const button = screen.getByRole("button", { name: /Отчет/ });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    fireEvent.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response("xlsx", { status: 200 }));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("a failure is a notice titled «Ошибка при загрузке отчета», saying why", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({ "GET /api/sales/report/": () => ({ status: 500, body: { detail: "Сбой" } }) });
    render(withAppProviders(<OrdersReportButton />));
    await userEvent.click(screen.getByRole("button", { name: /Отчет/ }));
    expect(await screen.findByText("Ошибка при загрузке отчета")).toBeInTheDocument();
    expect(screen.getByText("Ошибка сервера")).toBeInTheDocument();
  });
});
