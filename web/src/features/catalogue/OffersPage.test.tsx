import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { signIn, signOut } from "../../session/session.ts";
import OffersPage from "./OffersPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const brands = [
  { id: 1, name: "Apple", description: "" },
  { id: 2, name: "Hoco", description: "" },
];
const product = (id: number, brand: number, name: string) => ({ id, brand, name, description: "" });

async function showOffers() {
  const calls = mockFetch({
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({
      status: 200,
      body: staffUser("office", ["catalogue.read", "catalogue.write"]),
    }),
    "GET /api/storehouse/brands/": () => ({ status: 200, body: brands }),
    "GET /api/storehouse/products/": ({ url }) => ({
      status: 200,
      body: url.includes("brand=1") ? [product(10, 1, "Кабель Lightning 1 м"), product(11, 1, "Чехол")] : [],
    }),
    // «Lightning» is a product of Apple's and of Hoco's.
    "GET /api/storehouse/brands/search/": () => ({ status: 200, body: brands }),
    "GET /api/storehouse/products/search/": () => ({
      status: 200,
      body: [product(10, 1, "Кабель Lightning 1 м"), product(20, 2, "Кабель Lightning 2 м")],
    }),
  });
  await signIn("office", "pw");
  render(withAppProviders(<OffersPage />));
  return calls;
}

describe("OffersPage", () => {
  it("opens on the first brand's products, not on «Выберите брэнд»", async () => {
    await showOffers();
    expect(await screen.findByText("Кабель Lightning 1 м")).toBeInTheDocument();
    expect(screen.getByText("Чехол")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Apple" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByText("Выберите брэнд")).not.toBeInTheDocument();
  });

  it("a search finds across brands without choosing one: matches under their brands, then a tab narrows", async () => {
    const calls = await showOffers();
    await screen.findByText("Чехол");
    await userEvent.type(screen.getByLabelText("Поиск"), "Lightning");
    const apple = await screen.findByRole("region", { name: "Apple" });
    const hoco = screen.getByRole("region", { name: "Hoco" });
    expect(within(apple).getByText("Кабель Lightning 1 м")).toBeInTheDocument();
    expect(within(hoco).getByText("Кабель Lightning 2 м")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Все брэнды" })).toHaveAttribute("aria-selected", "true");
    const searched = calls.filter((c) => c.url.startsWith("/api/storehouse/products/search/"));
    expect(searched.at(-1)?.url).not.toContain("brand=");

    await userEvent.click(screen.getByRole("tab", { name: "Hoco" }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.startsWith("/api/storehouse/products/search/") && c.url.includes("brand=2")),
      ).toBe(true),
    );
    expect(screen.getByRole("tab", { name: "Hoco" })).toHaveAttribute("aria-selected", "true");
  });
});
