import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TPermission } from "@wholesale/contract";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { AppLayout } from "../../app/AppLayout.tsx";
import { signIn, signOut } from "../../session/session.ts";

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

async function renderAt(path: string, permissions: TPermission[]) {
  const calls = mockFetch({
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({ status: 200, body: staffUser("office", permissions) }),
    "GET /api/messaging/claims/": () => ({
      status: 200,
      body: { count: 3, next: null, previous: null, results: [] },
    }),
  });
  await signIn("office", "pw");
  const router = createMemoryRouter(
    [{ path: "/", Component: AppLayout, children: [{ path: "claims", element: <p>страница</p> }] }],
    { initialEntries: [path] },
  );
  render(withAppProviders(<RouterProvider router={router} />));
  return calls;
}

describe("claims in the app shell", () => {
  it("shows the number of open claims beside «Заявки» and the screen's title once, in the app bar", async () => {
    const calls = await renderAt("/claims", ["claims.manage", "messaging.send"]);
    // jsdom's narrow screen keeps the menu in a drawer.
    await userEvent.click(screen.getByRole("button", { name: "Меню" }));
    const menu = await screen.findByRole("navigation", { name: "Разделы" });
    expect(await within(menu).findByLabelText("Открытых заявок: 3")).toBeInTheDocument();
    expect(screen.getAllByText("Заявки от пользователей")).toHaveLength(1);
    expect(calls.some((c) => c.url.includes("status=not_reviewed"))).toBe(true);
  });

  it("asks nothing about claims for a role that cannot see them", async () => {
    const calls = await renderAt("/", ["orders.read"]);
    await userEvent.click(screen.getByRole("button", { name: "Меню" }));
    await screen.findByRole("navigation", { name: "Разделы" });
    expect(screen.queryByText("Заявки")).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("/messaging/claims/"))).toBe(false);
  });
});
