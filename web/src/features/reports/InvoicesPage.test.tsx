import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TPermission } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { signIn, signOut } from "../../app/session.ts";
import InvoicesPage, { invoiceClientName } from "./InvoicesPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const invoice = (id: number, client: number | null) => ({
  id,
  name: `Накладная_${id}.xlsx`,
  created_at: "2026-11-20T10:00:00Z",
  day: "2026-11-20",
  client,
  client_type: 3,
  total: 1500.7,
  totals: [{ total: 1500.7, currency_sign: "₽" }],
  file: `/api/reports/client/download/${id}/`,
});

async function renderAs(permissions: TPermission[]) {
  mockFetch({
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({
      status: 200,
      body: staffUser("storehouse", permissions, { username: "u" }),
    }),
    "GET /api/reports/client/": ({ url }) => ({
      status: 200,
      body: {
        count: 2,
        next: null,
        previous: null,
        results: url.includes("client_type=3") ? [invoice(2, 8), invoice(1, null)] : [],
      },
    }),
    "GET /api/reports/general/": () => ({
      status: 200,
      body: { count: 0, next: null, previous: null, results: [] },
    }),
    "GET /api/reports/client/download/2/": () => ({ status: 404, body: { detail: "Накладная не найдена" } }),
  });
  await signIn("u", "pw");
  render(withAppProviders(<InvoicesPage />));
}

describe("InvoicesPage", () => {
  it("names clients as every screen does, with the spec's fallbacks for an unknown one", () => {
    const client = [{ id: 8, organization_name: " ", nickname: "" }];
    expect(invoiceClientName(8, undefined)).toBe("Пользователь #8");
    expect(invoiceClientName(null, [])).toBe("Неизвестный пользователь");
    expect(invoiceClientName(9, [])).toBe("Неизвестный пользователь");
    expect(invoiceClientName(8, client)).toBe("Клиент #8");
    expect(invoiceClientName(8, [{ id: 8, organization_name: "Не указано", nickname: "Елена" }])).toBe(
      "Елена",
    );
  });

  it("lists invoices per wholesale type newest first; a failed download says why; empty tabs say so", async () => {
    await renderAs(["reports.read"]);
    const table = await screen.findByTestId("invoices");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]?.textContent)).toEqual([
      "Пользователь #8",
      "Неизвестный пользователь",
    ]);
    expect(within(rows[0] as HTMLElement).getByText("1 500 ₽")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Удалить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Сделать накладную" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Скачать Накладная_2.xlsx" }));
    expect(await screen.findByText("Файл не найден")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Крупный опт" }));
    expect(await screen.findByText("Пока данных нет")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Накладные по датам" }));
    expect(await screen.findByText("Пока данных нет")).toBeInTheDocument();
  });
});
