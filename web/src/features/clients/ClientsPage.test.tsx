import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TClient, TRegistrationRequest } from "@wholesale/contract";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { AddClientDialog } from "./AddClientDialog.tsx";
import { ClientDialog } from "./ClientDialog.tsx";
import ClientsPage from "./ClientsPage.tsx";
import { LIMIT_REQUIRED } from "./client-dialog/client-form.ts";

afterEach(() => vi.unstubAllGlobals());

const client = testClient({
  id: 7,
  telegram_id: 700,
  telegram_username: "ivan_p",
  phone_number: "+79001112233",
  nickname: "Иван Петров",
  group: 1,
  transportation: 1,
  allowed_price: true,
  accessrules: { id: 3, client: 7, all_prices: [], banned_brands: ["JBL"], total_limit: 1000 },
});
const page = (results: TClient[]) => ({
  status: 200,
  body: { count: results.length, next: null, previous: null, results },
});
const lists = {
  "GET /api/profiles/groups/": () => ({
    status: 200,
    body: [{ id: 1, name: "VIP", surcharge: 1, is_active: true }],
  }),
  "GET /api/profiles/transportations/": () => ({
    status: 200,
    body: [{ id: 1, name: "Казань", is_active: true, tg_id: null }],
  }),
  "GET /api/profiles/organizations/": () => ({ status: 200, body: [] }),
  "GET /api/storehouse/brands/": () => ({ status: 200, body: [{ id: 1, name: "JBL", description: "" }] }),
};

function renderPage(url = "/clients") {
  const router = createMemoryRouter([{ path: "/clients", Component: ClientsPage }], {
    initialEntries: [url],
  });
  render(withAppProviders(<RouterProvider router={router} />));
}

describe("ClientsPage", () => {
  it("shows the 13 tabs, the clients of tab 0 and searches them on the server", async () => {
    const calls = mockFetch({ ...lists, "GET /api/profiles/clients/active/": () => page([client]) });
    renderPage();
    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual([
      "Все",
      "Малый",
      "Крупный",
      "Активные",
      "Неактивные",
      "Подозрительные",
      "Временный бан",
      "Вечный бан",
      "Заявки",
      "Группы",
      "Направления",
      "Группы сборок",
      "Организации",
    ]);
    const row = await screen.findByRole("row", { name: /Иван Петров/ });
    expect(within(row).getByText("VIP")).toBeInTheDocument();
    expect(within(row).getByText("Казань")).toBeInTheDocument();
    expect(within(row).getByText("Малый опт")).toBeInTheDocument();
    expect(within(row).getByText("Активен")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Поиск по клиентам"), "иван");
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes("search=%D0%B8%D0%B2%D0%B0%D0%BD"))).toBe(true),
    );
  });

  it("keeps every value but the organization on one line, so a 1440px row does not wrap", async () => {
    mockFetch({ ...lists, "GET /api/profiles/clients/active/": () => page([client]) });
    renderPage();
    const row = await screen.findByRole("row", { name: /Иван Петров/ });
    for (const text of ["7", "Иван Петров", "Малый опт", "+79001112233", "Активен"])
      expect(within(row).getByRole("cell", { name: text })).toHaveStyle({ whiteSpace: "nowrap" });
    const cells = within(row).getAllByRole("cell");
    // Группа and Направление, whatever their names.
    for (const index of [4, 5]) expect(cells[index]).toHaveStyle({ whiteSpace: "nowrap" });
    expect(cells[2]).not.toHaveStyle({ whiteSpace: "nowrap" });
  });

  it("opens the dialog of the client a link names (?client=ID, as a claim links its client)", async () => {
    mockFetch({
      ...lists,
      "GET /api/profiles/clients/active/": () => page([]),
      "GET /api/profiles/clients/7/": () => ({ status: 200, body: client }),
    });
    renderPage("/clients?client=7");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByDisplayValue("Иван Петров")).toBeInTheDocument();
  });

  it("filters a client tab on the server and hides the search box from tab 6 on", async () => {
    const calls = mockFetch({ ...lists, "GET /api/profiles/clients/": () => page([]) });
    renderPage("/clients?tab=6");
    expect(await screen.findByText("Клиенты не найдены")).toBeInTheDocument();
    expect(
      calls.some((c) => c.url.startsWith("/api/profiles/clients/?") && c.url.includes("tab=banned")),
    ).toBe(true);
    expect(screen.queryByLabelText("Поиск по клиентам")).not.toBeInTheDocument();
  });
});

describe("ClientDialog", () => {
  it("requires the name (Required.) and a limit or «Без лимита», and sends nothing", async () => {
    const calls = mockFetch(lists);
    render(
      withAppProviders(<ClientDialog client={client} groups={[]} transportations={[]} onClose={() => {}} />),
    );
    await userEvent.clear(screen.getByLabelText(/^Имя/));
    await userEvent.clear(screen.getByLabelText(/Лимит суммы заказа/));
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    expect(await screen.findByText("Required.")).toBeInTheDocument();
    expect(screen.getByText(LIMIT_REQUIRED)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("a status button sends just its flag and shows the new status", async () => {
    const calls = mockFetch({
      ...lists,
      "PUT /api/profiles/clients/7/": () => ({ status: 200, body: { ...client, banned: true } }),
    });
    render(
      withAppProviders(<ClientDialog client={client} groups={[]} transportations={[]} onClose={() => {}} />),
    );
    await userEvent.click(screen.getByRole("button", { name: "Временный бан" }));
    expect(await screen.findByText("Временный блок")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ banned: true });
  });

  it("saves the form and the access rules in one call", async () => {
    const calls = mockFetch({
      ...lists,
      "PUT /api/profiles/clients/7/": () => ({ status: 200, body: client }),
    });
    const onClose = vi.fn();
    render(
      withAppProviders(<ClientDialog client={client} groups={[]} transportations={[]} onClose={onClose} />),
    );
    await userEvent.clear(screen.getByLabelText(/Лимит суммы заказа/));
    await userEvent.type(screen.getByLabelText(/Лимит суммы заказа/), "2500,5");
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      nickname: "Иван Петров",
      accessrules: { banned_brands: ["JBL"], all_prices: [], total_limit: 2500.5 },
    });
  });
  it("«Не выбрано» clears a choice, and no prices means no prices with markup", async () => {
    const calls = mockFetch({
      ...lists,
      "PUT /api/profiles/clients/7/": () => ({ status: 200, body: client }),
    });
    const onClose = vi.fn();
    const groups = [{ id: 1, name: "VIP", surcharge: 1, is_active: true }];
    render(
      withAppProviders(
        <ClientDialog
          client={{ ...client, allowed_price_w_markup: true }}
          groups={groups}
          transportations={[]}
          onClose={onClose}
        />,
      ),
    );
    await userEvent.click(screen.getByRole("combobox", { name: "Группа" }));
    await userEvent.click(await screen.findByRole("option", { name: "Не выбрано" }));
    await userEvent.click(screen.getByLabelText("Может смотреть цены"));
    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      group: null,
      transportation: 1,
      allowed_price: false,
      allowed_price_w_markup: false,
    });
  });
});

describe("AddClientDialog", () => {
  it("shows all four required messages and sends nothing", async () => {
    const calls = mockFetch({});
    const request: TRegistrationRequest = {
      id: 1,
      // A client who gave no name nor volume (the volume is filled in from the bot's answer when there is one).
      client: { ...client, nickname: "", client_type: null },
      confirmed: false,
      deleted: false,
      created_at: "2026-11-20T09:00:00Z",
    };
    render(
      withAppProviders(
        <AddClientDialog request={request} groups={[]} transportations={[]} onClose={() => {}} />,
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
    for (const message of [
      "Имя обязательно",
      "Группа клиента обязательна",
      "Направление обязательно",
      "Объем закупки обязателен",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it("confirms with prices shown by default, and sends the staff's choice when they change it", async () => {
    const calls = mockFetch({
      "PUT /api/profiles/registration-requests/1/": ({ body }) => ({
        status: 200,
        body: { ...request, confirmed: true, client: { ...request.client, ...(body as object) } },
      }),
    });
    const request: TRegistrationRequest = {
      id: 1,
      client: { ...client, allowed_price: false },
      confirmed: false,
      deleted: false,
      created_at: "2026-11-20T09:00:00Z",
    };
    const confirm = async (ticks: string[]) => {
      const onClose = vi.fn();
      const { unmount } = render(
        withAppProviders(
          <AddClientDialog
            request={request}
            groups={[{ id: 1, name: "VIP", surcharge: 1.05, is_active: true }]}
            transportations={[{ id: 1, name: "Казань", is_active: true, tg_id: null }]}
            onClose={onClose}
          />,
        ),
      );
      for (const [label, option] of [
        ["Группа клиента", "VIP"],
        ["Направление", "Казань"],
        ["Объем закупки", "Малый опт"],
      ]) {
        await userEvent.click(screen.getByLabelText(label as string));
        await userEvent.click(await screen.findByRole("option", { name: option }));
      }
      for (const tick of ticks) await userEvent.click(screen.getByLabelText(tick));
      await userEvent.click(screen.getByRole("button", { name: "Добавить" }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      unmount();
      return calls.at(-1)?.body as { client: Record<string, unknown> };
    };

    expect((await confirm([])).client).toMatchObject({ allowed_price: true, allowed_price_w_markup: false });
    expect((await confirm(["Цены с наценкой"])).client).toMatchObject({
      allowed_price: true,
      allowed_price_w_markup: true,
    });
    expect((await confirm(["Цены с наценкой", "Может смотреть цены"])).client).toMatchObject({
      allowed_price: false,
      allowed_price_w_markup: false,
    });
  });
});
