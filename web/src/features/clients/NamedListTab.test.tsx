import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import ClientsPage from "./ClientsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const lists = {
  "GET /api/profiles/groups/": () => ({
    status: 200,
    body: [{ id: 1, name: "VIP", surcharge: 1.2, is_active: true }],
  }),
  "GET /api/profiles/transportations/": () => ({ status: 200, body: [] }),
};

function renderTab(tab: number) {
  const router = createMemoryRouter([{ path: "/clients", Component: ClientsPage }], {
    initialEntries: [`/clients?tab=${tab}`],
  });
  render(withAppProviders(<RouterProvider router={router} />));
}

describe("the named lists of the clients page", () => {
  it("groups: the surcharge is typed with a comma, a wrong one is refused, the status chip switches", async () => {
    const calls = mockFetch({
      ...lists,
      "POST /api/profiles/groups/": ({ body }) => ({
        status: 201,
        body: { id: 2, is_active: true, ...(body as object) },
      }),
      "PUT /api/profiles/groups/1/": () => ({
        status: 200,
        body: { id: 1, name: "VIP", surcharge: 1.2, is_active: false },
      }),
    });
    renderTab(9);
    const table = await screen.findByRole("table", { name: "Группы" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Название", "Статус", "Действия"]);
    await userEvent.click(await within(table).findByRole("button", { name: "Активен: VIP" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ is_active: false }));

    await userEvent.click(screen.getByRole("button", { name: "Добавить группу" }));
    const dialog = await screen.findByRole("dialog", { name: "Новая группа" });
    expect(within(dialog).getByLabelText("Наценка (коэффициент)")).toHaveValue("1");
    await userEvent.type(within(dialog).getByLabelText("Название"), "Опт");
    await userEvent.clear(within(dialog).getByLabelText("Наценка (коэффициент)"));
    await userEvent.type(within(dialog).getByLabelText("Наценка (коэффициент)"), "-1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await within(dialog).findByText(/Слишком маленькое значение/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await userEvent.clear(within(dialog).getByLabelText("Наценка (коэффициент)"));
    await userEvent.type(within(dialog).getByLabelText("Наценка (коэффициент)"), "1,5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Опт", surcharge: 1.5 }),
    );
  });

  it("collection groups: time and client chips, «+N» lists them all, name and time are required", async () => {
    const clients = ["Анна", "Борис", "Вера", "Глеб"].map((nickname, i) => ({ id: i + 1, nickname }));
    const calls = mockFetch({
      ...lists,
      "GET /api/profiles/collect-groups/": () => ({
        status: 200,
        body: [{ id: 5, name: "Утро", start_collect_time: "09:30:00", is_active: true, clients }],
      }),
    });
    renderTab(11);
    const row = await screen.findByRole("row", { name: /Утро/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Утро", "09:30", "АннаБорисВера+1", "Да", ""]);
    await userEvent.click(within(row).getByText("+1"));
    const list = await screen.findByRole("dialog", { name: "Клиенты: Утро" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(4);
    await userEvent.click(within(list).getByRole("button", { name: "Закрыть" }));

    await userEvent.click(screen.getByRole("button", { name: "Добавить группу сборки" }));
    const dialog = await screen.findByRole("dialog", { name: "Добавить группу сборки" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await within(dialog).findByText("Обязательное поле")).toBeInTheDocument();
    expect(within(dialog).getByText(/Ожидается время/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("organizations: members, manager, the invitation's copy button; a manager is required", async () => {
    const calls = mockFetch({
      ...lists,
      "GET /api/profiles/organizations/": () => ({
        status: 200,
        body: [
          {
            id: 3,
            name: "ООО Ромашка",
            manager: null,
            manager_id: null,
            clients_count: 2,
            telegram_link: null,
          },
        ],
      }),
      "GET /api/profiles/managers/": () => ({ status: 200, body: [{ id: 9, username: "manager.anna" }] }),
      "DELETE /api/profiles/organizations/3/": () => ({ status: 204 }),
    });
    renderTab(12);
    const row = await screen.findByRole("row", { name: /ООО Ромашка/ });
    expect(within(row).getByRole("button", { name: "2 сотруд." })).toBeInTheDocument();
    expect(within(row).getByText("-")).toBeInTheDocument();
    expect(
      within(row).getByRole("button", { name: "Копировать ссылку Telegram бота: ООО Ромашка" }),
    ).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Добавить организацию" }));
    const dialog = await screen.findByRole("dialog", { name: "Добавить организацию" });
    await userEvent.type(within(dialog).getByLabelText("Название"), "ООО Лютик");
    await userEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    expect(await within(dialog).findByText("Выберите менеджера")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Отмена" }));

    await userEvent.click(within(row).getByRole("button", { name: "Удалить ООО Ромашка" }));
    await userEvent.click(await screen.findByRole("button", { name: "Да" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
  });
});
