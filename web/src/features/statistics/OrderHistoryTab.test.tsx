import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { testOrder } from "../../../test/orders.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { signIn, signOut } from "../../session/session.ts";
import { OrderHistoryTab } from "./OrderHistoryTab.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const order = testOrder({ transportation: null });

async function renderHistory() {
  const calls = mockFetch({
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({
      status: 200,
      body: staffUser("office", ["orders.read", "statistics.read"]),
    }),
    "GET /api/sales/orders/": ({ url }) => {
      const search = new URL(url, "http://x").searchParams.get("search");
      const results = search && !"ООО Ромашка".includes(search) ? [] : [order];
      return { status: 200, body: { count: results.length, next: null, previous: null, results } };
    },
  });
  await signIn("office", "pw");
  render(withAppProviders(<OrderHistoryTab />));
  return calls;
}

describe("OrderHistoryTab", () => {
  it("a search that matches nothing says «Ничего не найдено», not that the day has no data", async () => {
    await renderHistory();
    expect(await screen.findByText("ООО Ромашка (Анна)")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Поиск по клиенту"), "Лютик");
    expect(await screen.findByText("Ничего не найдено", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText("Нет данных за выбранную дату")).not.toBeInTheDocument();
  });

  it("a cleared date asks for a date and loads nothing, instead of today's orders under an empty field", async () => {
    const calls = await renderHistory();
    expect(await screen.findByText("ООО Ромашка (Анна)")).toBeInTheDocument();
    const loads = calls.filter((c) => c.url.includes("/sales/orders/")).length;
    fireEvent.change(screen.getByLabelText("Дата"), { target: { value: "" } });
    expect(await screen.findByText("Выберите дату")).toBeInTheDocument();
    expect(screen.queryByText("ООО Ромашка (Анна)")).not.toBeInTheDocument();
    expect(screen.queryByTestId("history-count")).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes("/sales/orders/")).length).toBe(loads);
  });
});
