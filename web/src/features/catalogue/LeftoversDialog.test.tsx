import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { LEFTOVER_PAGE_SIZE } from "../reports/index.ts";
import { LeftoversDialog } from "./LeftoversDialog.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOTAL = 30;
const report = (id: number) => ({
  id,
  name: `Остатки_${id}.xlsx`,
  created_at: "2026-11-20T09:00:00Z",
  file: `/api/reports/leftover/${id}/download/`,
});

/** Scroll metrics as a browser would report them; jsdom lays nothing out. */
function scrollTo(el: HTMLElement, { top, height, client }: { top: number; height: number; client: number }) {
  Object.defineProperty(el, "scrollHeight", { configurable: true, value: height });
  Object.defineProperty(el, "clientHeight", { configurable: true, value: client });
  Object.defineProperty(el, "scrollTop", { configurable: true, value: top, writable: true });
  fireEvent.scroll(el);
}

describe("LeftoversDialog", () => {
  it("loads the next page only when scrolled within 50px of the bottom", async () => {
    const calls = mockFetch({
      "GET /api/reports/leftover/": ({ url }) => {
        const offset = Number(new URL(url, "http://x").searchParams.get("offset"));
        const results = Array.from({ length: Math.min(LEFTOVER_PAGE_SIZE, TOTAL - offset) }, (_, i) =>
          report(offset + i + 1),
        );
        const next =
          offset + LEFTOVER_PAGE_SIZE < TOTAL
            ? `/api/reports/leftover/?offset=${offset + LEFTOVER_PAGE_SIZE}`
            : null;
        return { status: 200, body: { count: TOTAL, next, previous: null, results } };
      },
    });
    render(withAppProviders(<LeftoversDialog open canManage onClose={vi.fn()} />));
    expect(await screen.findByText("Остатки_20.xlsx")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Остатки: 30" })).toBeInTheDocument();
    const list = screen.getByTestId("leftovers-list");

    scrollTo(list, { top: 300, height: 1000, client: 600 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);

    scrollTo(list, { top: 355, height: 1000, client: 600 });
    expect(await screen.findByText("Остатки_30.xlsx")).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe(
      `/api/reports/leftover/?limit=${LEFTOVER_PAGE_SIZE}&offset=${LEFTOVER_PAGE_SIZE}`,
    );
    expect(screen.getByText("Остатки_1.xlsx")).toBeInTheDocument();
  });
});
