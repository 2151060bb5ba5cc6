import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { fakeLiveStream } from "../../test/live-stream.ts";
import { withAppProviders } from "../../test/providers.tsx";
import { staffUser } from "../../test/staff.ts";
import { liveStream } from "../api/live.ts";
import { signIn, signOut } from "../session/session.ts";
import { AppLayout } from "./AppLayout.tsx";
import { SECTIONS } from "./sections.tsx";

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

const account = staffUser(
  "office",
  ["catalogue.read", "catalogue.write", "clients.read", "accounts.manage", "orders.read"],
  { username: "admin", is_superuser: true },
);

async function renderSection(path: string, stream = fakeLiveStream()) {
  mockFetch({
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({ status: 200, body: account }),
    "GET /api/users/": () => ({
      status: 200,
      body: { results: [account, { ...account, id: 2, username: "office" }] },
    }),
    "GET /api/live/": () => stream.answer(),
  });
  await signIn("admin", "pw");
  const section = SECTIONS.find((s) => s.path === path);
  if (!section) throw new Error(path);
  const { default: Page } = await section.page();
  const router = createMemoryRouter(
    [{ path: "/", Component: AppLayout, children: [{ path: path.slice(1), Component: Page }] }],
    { initialEntries: [path] },
  );
  render(withAppProviders(<RouterProvider router={router} />));
}

describe("a page's title", () => {
  it.each(["Каталог", "Клиенты", "Онлайн-заказы"])(
    "«%s» appears once, as the app bar's heading",
    async (label) => {
      const section = SECTIONS.find((s) => s.label === label);
      await renderSection(section?.path ?? "");
      expect(await screen.findByRole("heading", { level: 1, name: label })).toBeInTheDocument();
      expect(screen.getAllByText(label)).toHaveLength(1);
    },
  );

  it("carries a page's live detail in the app bar, not in a second heading", async () => {
    await renderSection("/accounts");
    expect(await screen.findByRole("heading", { level: 1, name: "Аккаунты: 2" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.queryByText("Аккаунты")).not.toBeInTheDocument();
  });
});

describe("the live stream", () => {
  it("opens once signed in and closes with the session", async () => {
    await renderSection("/accounts");
    await screen.findByRole("heading", { level: 1, name: "Аккаунты: 2" });
    await waitFor(() => expect(liveStream.state()).toBe("live"));
    expect(screen.queryByText("Обновление по таймеру")).not.toBeInTheDocument();
    act(() => signOut());
    expect(liveStream.state()).toBe("off");
  });
});
