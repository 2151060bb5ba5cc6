import { render, screen, waitFor, within } from "@testing-library/react";
import type { TMarketOpening } from "@wholesale/contract";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { fakeLiveStream } from "../../../test/live-stream.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { screenOf } from "../../../test/screen-width.ts";
import { staffUser } from "../../../test/staff.ts";
import { liveStream } from "../../api/live.ts";
import { AppLayout } from "../../app/AppLayout.tsx";
import { SECTIONS } from "../../app/sections.tsx";
import { signIn, signOut } from "../../session/session.ts";
import OpeningPage from "./OpeningPage.tsx";

afterEach(() => {
  liveStream.stop();
  vi.unstubAllGlobals();
  signOut();
});

const OPENED = "2026-11-20T07:00:00.000Z";
const at = (second: number) => new Date(Date.parse(OPENED) + second * 1000).toISOString();

function opening(overrides: Partial<TMarketOpening> = {}): TMarketOpening {
  return {
    opened_at: OPENED,
    now: at(3),
    bucket_seconds: 1,
    timeline: [
      { at: at(0), positions: 4, orders: 2, refused: 0 },
      { at: at(1), positions: 9, orders: 3, refused: 2 },
      { at: at(2), positions: 0, orders: 0, refused: 0 },
      { at: at(3), positions: 1, orders: 0, refused: 1 },
    ],
    totals: {
      positions: 14,
      units: 21,
      orders: 6,
      new_orders: 5,
      clients_ordered: 6,
      clients_open_for: 40,
      lists_sent: 2,
      refused: { stock: 1, limit: 0, pace: 2 },
      errors: 0,
    },
    selling: [
      { id: 1, name: "Apple Кабель", sold: 12, left: 0, sold_out_at: at(2), seconds_to_sell_out: 2 },
      { id: 2, name: "Чехол", sold: 5, left: 7, sold_out_at: null, seconds_to_sell_out: null },
      { id: 3, name: "Стекло", sold: 4, left: 300, sold_out_at: null, seconds_to_sell_out: null },
    ],
    notices: { queued: 40, sent: 37, pending: 2, failed: 1 },
    ...overrides,
  };
}

/**
 * The page in the app's frame (its title is the app bar's heading) on a screen `width` px wide, its stream
 * open; `answer` is read each time.
 */
async function renderPage(answer: () => TMarketOpening, width = 1280) {
  screenOf(width);
  const stream = fakeLiveStream();
  const calls = mockFetch({
    "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
    "GET /api/users/whoiam/": () => ({ status: 200, body: staffUser("office", ["market.manage"]) }),
    "GET /api/statistics/opening/": () => ({ status: 200, body: answer() }),
    "GET /api/storehouse/market-status/": () => ({
      status: 200,
      body: { is_open: true, active_schedules: [], open_until: null, next_open_at: null, message: "Открыт" },
    }),
    "GET /api/live/": () => stream.answer(),
  });
  await signIn("office", "pw");
  const router = createMemoryRouter(
    [{ path: "/", Component: AppLayout, children: [{ path: "opening", Component: OpeningPage }] }],
    { initialEntries: ["/opening"] },
  );
  render(withAppProviders(<RouterProvider router={router} />));
  await waitFor(() => expect(liveStream.state()).toBe("live"));
  return { stream, reads: () => calls.filter((c) => c.url.includes("/statistics/opening/")).length };
}

describe("«Открытие маркета»", () => {
  it("is a section of those who run the market", () => {
    expect(SECTIONS.find((s) => s.path === "/opening")).toMatchObject({
      label: "Открытие маркета",
      permission: "market.manage",
    });
  });

  it("shows the opening's figures, its chart told in words, what sells out and the notices", async () => {
    await renderPage(() => opening());
    // Another day than today: its day is said too (Moscow time).
    expect(
      await screen.findByRole("heading", { level: 1, name: "Открытие маркета с 20.11 10:00:00" }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("opening-since")).not.toBeInTheDocument();

    expect(screen.getByTestId("opening-positions")).toHaveTextContent("Позиций добавлено1421 шт.");
    expect(screen.getByTestId("opening-orders")).toHaveTextContent(
      "Заказов5новых; с добавленными позициями: 6",
    );
    expect(screen.getByTestId("opening-clients")).toHaveTextContent("Клиентов заказали6 из 40");
    expect(screen.getByTestId("opening-lists")).toHaveTextContent("Списков отправлено2");
    expect(screen.getByTestId("opening-refused")).toHaveTextContent(
      "Отказы3нет в наличии: 1лимиты: 0темп: 2",
    );
    expect(screen.getByTestId("opening-errors")).toHaveTextContent("Ошибки сервера0");

    const chart = screen.getByRole("img", { name: "Позиции и заказы в секунду" });
    expect(chart).toHaveAccessibleDescription(
      "С 10:00:00 по 10:00:03: позиций — 14, новых заказов — 5. Больше всего позиций — 9 в секунду, в 10:00:01.",
    );
    await waitFor(() => expect(chart.querySelector("svg")).not.toBeNull());

    const rows = within(screen.getByTestId("opening-selling")).getAllByTestId("selling-row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Apple Кабель12нет00:02",
      "Чехол57, мало—",
      "Стекло4300—",
    ]);
    const notices = screen.getByTestId("opening-notices-card");
    expect(within(notices).getByRole("heading", { level: 2 })).toHaveTextContent("Уведомления об открытии");
    expect(within(notices).getByTestId("notices-queued")).toHaveTextContent("Всего40");
    expect(within(notices).getByTestId("notices-sent")).toHaveTextContent("Доставлено37");
    expect(within(notices).getByTestId("notices-pending")).toHaveTextContent("Ждут отправки2");
    expect(within(notices).getByTestId("notices-failed")).toHaveTextContent("Не доставлено1");
  });

  it("reads itself again when the stream says orders changed, with no reload", async () => {
    let answer = opening();
    const { stream, reads } = await renderPage(() => answer);
    await screen.findByTestId("opening-positions");
    const before = reads();
    answer = opening({
      totals: { ...answer.totals, positions: 15, units: 22 },
      selling: [{ ...answer.selling[1], sold: 6, left: 6 } as TMarketOpening["selling"][number]],
    });
    stream.send({ kind: "orders", ids: [9] });
    await waitFor(() => expect(screen.getByTestId("opening-positions")).toHaveTextContent("1522 шт."));
    expect(reads()).toBe(before + 1);
    expect(screen.getByTestId("selling-row")).toHaveTextContent("Чехол66, мало—");
  });

  it("on a phone, says when it opened under the app bar, which has room for the section's name only", async () => {
    await renderPage(() => opening(), 390);
    expect(await screen.findByTestId("opening-since")).toHaveTextContent("с 20.11 10:00:00");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Открытие маркета$/);
  });

  it("says so when the market has never opened, under the section's own title", async () => {
    await renderPage(() =>
      opening({
        opened_at: null,
        timeline: [],
        selling: [],
        notices: { queued: 0, sent: 0, pending: 0, failed: 0 },
      }),
    );
    expect(await screen.findByTestId("opening-none")).toHaveTextContent("Маркет ещё не открывался");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Открытие маркета$/);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("a sale long after the opening is drawn in wider points and its time to sell out in hours", async () => {
    await renderPage(() =>
      opening({
        opened_at: new Date(Date.now() - 1000).toISOString(),
        bucket_seconds: 12,
        selling: [
          { id: 1, name: "Кабель", sold: 3, left: 0, sold_out_at: OPENED, seconds_to_sell_out: 3723 },
        ],
      }),
    );
    // Today: the time alone.
    expect(
      await screen.findByRole("heading", { level: 1, name: /^Открытие маркета с \d\d:\d\d:\d\d$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Позиции и заказы за 12 с" })).toBeInTheDocument();
    expect(screen.getByTestId("selling-row")).toHaveTextContent("Кабель3нет1:02:03");
  });
});
