import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { App } from "./App.tsx";

afterEach(() => vi.unstubAllGlobals());

const launch = { initData: "query_id=1&auth_date=1&hash=x", version: "8.0", platform: "ios", theme: {} };
const STALE = "Данные запуска устарели. Откройте каталог заново из чата с ботом.";

describe("Mini App start", () => {
  it("says a refused launch once, on the page, without a toast repeating it", async () => {
    mockFetch({ "POST /api/app/session/": () => ({ status: 401, body: { detail: STALE } }) });
    render(<App launch={launch} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(STALE);
    expect(screen.getAllByText(STALE)).toHaveLength(1);
    expect(screen.queryByText("Загрузка…")).toBeNull();
  });

  it("offers «Повторить» in its banner when the line is down", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    render(<App launch={launch} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Повторить");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });
});
