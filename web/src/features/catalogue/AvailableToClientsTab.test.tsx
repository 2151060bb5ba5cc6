import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testModification } from "../../../test/catalogue.ts";
import { testClient } from "../../../test/clients.ts";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { useGroupMutations } from "../clients/index.ts";
import { AvailableToClientsTab } from "./AvailableToClientsTab.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = (id: number, nickname: string, telegram_username: string | null) =>
  testClient({ id, nickname, telegram_username });

const MODIFICATION = testModification({ group_ids: [2] });

describe("AvailableToClientsTab", () => {
  it("searches clients, lists groups and directions, and saves the three id lists", async () => {
    const calls = mockFetch({
      "GET /api/profiles/clients/": ({ url }) => {
        const search = new URL(url, "http://x").searchParams.get("search") ?? "";
        const all = [client(5, "Анна", "anna"), client(6, "Борис", null)];
        const results = all.filter((c) => c.nickname.toLowerCase().includes(search.toLowerCase()));
        return { status: 200, body: { count: results.length, next: null, previous: null, results } };
      },
      "GET /api/profiles/groups/": () => ({
        status: 200,
        body: [
          { id: 2, name: "Опт Москва", surcharge: 1, is_active: true },
          { id: 3, name: "Регионы", surcharge: 1.1, is_active: true },
        ],
      }),
      "GET /api/profiles/transportations/": () => ({
        status: 200,
        body: [{ id: 9, name: "Казань", is_active: true, tg_id: null }],
      }),
      "PUT /api/storehouse/modifications/7/": ({ body }) => ({
        status: 200,
        body: { ...MODIFICATION, ...(body as object) },
      }),
    });
    render(withAppProviders(<AvailableToClientsTab modification={MODIFICATION} disabled={false} />));
    // The saved group shows by name once groups load.
    expect(await screen.findByText("Опт Москва")).toBeInTheDocument();

    await userEvent.type(screen.getByRole("combobox", { name: "Клиенты" }), "Бор");
    await userEvent.click(await screen.findByRole("option", { name: "Борис" }));
    expect(calls.some((c) => c.url.includes("search=%D0%91%D0%BE%D1%80"))).toBe(true);

    await userEvent.click(screen.getByRole("combobox", { name: "Направления" }));
    await userEvent.click(await screen.findByRole("option", { name: "Казань" }));

    await userEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      client_ids: [6],
      group_ids: [2],
      transportation_ids: [9],
    });
  });
});

/** What the clients page's «Добавить группу» dialog does: the clients area's own create hook. */
function CreateGroupButton() {
  const { create } = useGroupMutations();
  return (
    <button type="button" onClick={() => create.mutate({ name: "Новая группа" })}>
      Создать группу
    </button>
  );
}

describe("AvailableToClientsTab and the clients page share the group list", () => {
  it("offers a group created through the clients hooks without a reload", async () => {
    const groups = [{ id: 2, name: "Опт Москва", surcharge: 1, is_active: true }];
    mockFetch({
      "GET /api/profiles/clients/": () => ({
        status: 200,
        body: { count: 0, next: null, previous: null, results: [] },
      }),
      "GET /api/profiles/groups/": () => ({ status: 200, body: groups }),
      "POST /api/profiles/groups/": () => {
        const created = { id: 3, name: "Новая группа", surcharge: 1, is_active: true };
        groups.push(created);
        return { status: 201, body: created };
      },
      "GET /api/profiles/transportations/": () => ({ status: 200, body: [] }),
    });
    render(
      withAppProviders(
        <>
          <CreateGroupButton />
          <AvailableToClientsTab modification={MODIFICATION} disabled={false} />
        </>,
      ),
    );
    expect(await screen.findByText("Опт Москва")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Создать группу" }));
    expect(await screen.findByText("Группа создана")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("combobox", { name: "Группы" }));
    expect(await screen.findByRole("option", { name: "Новая группа" })).toBeInTheDocument();
  });
});
