import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TPermission } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { testOrder } from "../../../test/orders.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { signIn, signOut } from "../../session/session.ts";
import InvoicesPage, { invoiceClientName } from "./InvoicesPage.tsx";

const orderClient = testOrder().client;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signOut();
});

const invoice = (id: number, client: number | null) => ({
  id,
  name: `Накладная_${id}.xlsx`,
  created_at: "2026-11-20T10:00:00Z",
  day: "2026-11-20",
  client,
  client_name: client === null ? null : `Клиент ${client}`,
  client_type: 3,
  total: 1500.7,
  totals: [{ total: 1500.7, currency_sign: "₽" }],
  file: `/api/reports/client/download/${id}/`,
});

async function renderAs(permissions: TPermission[]) {
  return mockFetch({
    "GET /api/sales/orders/": ({ url }) => ({
      status: 200,
      body: {
        count: 2,
        next: null,
        previous: null,
        // Two orders of one client and one of another on the 20th; nobody ordered on other days.
        results: url.includes("opened_at=2026-11-20")
          ? [
              testOrder({
                id: 1,
                client: { ...orderClient, id: 5, nickname: "Анна", organization_name: "Ромашка" },
              }),
              testOrder({
                id: 2,
                client: { ...orderClient, id: 5, nickname: "Анна", organization_name: "Ромашка" },
              }),
              testOrder({
                id: 3,
                client: { ...orderClient, id: 6, nickname: "Борис", organization_name: "Не указано" },
              }),
            ]
          : [],
      },
    }),
    "POST /api/reports/client/": () => ({ status: 201, body: invoice(3, 5) }),
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
}

async function showAs(permissions: TPermission[]) {
  const calls = await renderAs(permissions);
  await signIn("u", "pw");
  render(withAppProviders(<InvoicesPage />));
  return calls;
}

describe("InvoicesPage", () => {
  it("names the client as the server does, or says the client is gone", () => {
    expect(invoiceClientName({ client_name: "ООО Ромашка (Елена)" })).toBe("ООО Ромашка (Елена)");
    expect(invoiceClientName({ client_name: null })).toBe("Неизвестный пользователь");
  });

  it("lists invoices per wholesale type newest first; a failed download says why; empty tabs say so", async () => {
    await showAs(["reports.read"]);
    const table = await screen.findByTestId("invoices");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]?.textContent)).toEqual([
      "Клиент 8",
      "Неизвестный пользователь",
    ]);
    expect(within(rows[0] as HTMLElement).getByText("1 500 ₽")).toBeInTheDocument();
    // Russian dates, kept on one line with the sums on a phone.
    expect(within(rows[0] as HTMLElement).getByText("20.11.2026")).toHaveStyle({ whiteSpace: "nowrap" });
    expect(screen.queryByRole("button", { name: /Удалить/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Сделать накладную" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Скачать Накладная_2.xlsx" }));
    expect(await screen.findByText("Файл не найден")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Крупный опт" }));
    expect(await screen.findByText("Пока данных нет")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Накладные по датам" }));
    expect(await screen.findByText("Пока данных нет")).toBeInTheDocument();
  });

  it("«Сделать накладную» offers only the clients who ordered on the chosen day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-21T09:00:00Z"));
    const calls = await showAs(["reports.read", "reports.manage", "orders.read"]);
    await userEvent.click(await screen.findByRole("button", { name: "Сделать накладную" }));
    const dialog = within(await screen.findByRole("dialog"));
    await userEvent.click(dialog.getByLabelText("Клиент"));
    expect(await screen.findByText("21.11.2026 никто не заказывал")).toBeInTheDocument();
    const date = dialog.getByLabelText("Дата");
    await userEvent.clear(date);
    await userEvent.type(date, "2026-11-20");
    await userEvent.click(dialog.getByLabelText("Клиент"));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Борис", "Ромашка (Анна)"]);
    await userEvent.click(screen.getByRole("option", { name: "Ромашка (Анна)" }));
    await userEvent.click(dialog.getByRole("button", { name: "Сделать" }));
    expect(await screen.findByText("Накладная создана")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST" && c.url === "/api/reports/client/")?.body).toEqual({
      client_id: 5,
      date: "2026-11-20",
    });
    vi.useRealTimers();
  });

  it("a new invoice opens on its own sub-tab: «Все накладные» and its wholesale type", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T09:00:00Z"));
    const made = { ...invoice(9, 6), client_name: "Борис", client_type: 2 };
    let madeYet = false;
    mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({
        status: 200,
        body: staffUser("office", ["reports.read", "reports.manage", "orders.read"], { username: "u" }),
      }),
      "GET /api/sales/orders/": () => ({
        status: 200,
        body: {
          count: 1,
          next: null,
          previous: null,
          results: [
            testOrder({
              id: 3,
              client: { ...orderClient, id: 6, nickname: "Борис", organization_name: "Не указано" },
            }),
          ],
        },
      }),
      "POST /api/reports/client/": () => {
        madeYet = true;
        return { status: 201, body: made };
      },
      "GET /api/reports/client/": ({ url }) => ({
        status: 200,
        body: {
          count: 1,
          next: null,
          previous: null,
          results: url.includes("client_type=2") && madeYet ? [made] : [invoice(2, 8)],
        },
      }),
      "GET /api/reports/general/": () => ({
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      }),
    });
    await signIn("u", "pw");
    render(withAppProviders(<InvoicesPage />));
    // Staff are on the daily reports when they make a large-wholesale client's invoice.
    await userEvent.click(await screen.findByRole("tab", { name: "Накладные по датам" }));
    await userEvent.click(screen.getByRole("button", { name: "Сделать накладную" }));
    const dialog = within(await screen.findByRole("dialog"));
    await userEvent.click(dialog.getByLabelText("Клиент"));
    await userEvent.click(await screen.findByRole("option", { name: "Борис" }));
    await userEvent.click(dialog.getByRole("button", { name: "Сделать" }));
    expect(await screen.findByText("Накладная создана")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("tab", { name: "Все накладные" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Крупный опт" })).toHaveAttribute("aria-selected", "true");
    expect(await within(await screen.findByTestId("invoices")).findByText("Борис")).toBeInTheDocument();
    vi.useRealTimers();
  });
});
