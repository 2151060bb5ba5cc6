import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TStockWait } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveMiniApp } from "./test-server.ts";
import { WaitsSection } from "./WaitsSection.tsx";

const wait = (id: number, name: string, expires: string): TStockWait => ({
  id,
  modification: id * 10,
  name,
  stock: "none",
  created_at: "2026-11-20T09:00:00.000Z",
  expires_at: expires,
});

afterEach(() => vi.unstubAllGlobals());

describe("«Мои ожидания»", () => {
  it("lists each wait with the day it ends, in Moscow, and cancels one", async () => {
    const calls = serveMiniApp({
      "GET waits/": [
        {
          status: 200,
          body: {
            results: [
              // 21:30 UTC is already the next day in Moscow.
              wait(2, "Anker Сетевое зарядное 20W белый", "2026-12-04T21:30:00.000Z"),
              wait(1, "Apple Кабель Lightning 1 м", "2026-12-01T09:00:00.000Z"),
            ],
          },
        },
      ],
      "DELETE waits/2/": [{ status: 204, body: null }],
    });
    const onWaiting = vi.fn();
    render(<WaitsSection onWaiting={onWaiting} onError={() => {}} />);
    const lines = await screen.findAllByTestId("wait-line");
    expect(lines.map((l) => l.textContent)).toEqual([
      "Anker Сетевое зарядное 20W белыйждём до 05.12Отменить",
      "Apple Кабель Lightning 1 мждём до 01.12Отменить",
    ]);
    await userEvent.click(within(lines[0] as HTMLElement).getByRole("button", { name: "Отменить" }));
    await waitFor(() => expect(screen.getAllByTestId("wait-line")).toHaveLength(1));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Ожидание отменено: Anker Сетевое зарядное 20W белый.",
    );
    expect(onWaiting).toHaveBeenCalledWith(20, false);
    expect(calls.map((c) => c.call)).toEqual(["GET waits/", "DELETE waits/2/"]);
  });

  it("tells a client who waits for nothing how to ask", async () => {
    serveMiniApp({ "GET waits/": [{ status: 200, body: { results: [] } }] });
    render(<WaitsSection onWaiting={() => {}} onError={() => {}} />);
    expect(
      await screen.findByText(
        "Вы ничего не ждёте. На товаре, которого нет в наличии, нажмите «Сообщить о поступлении».",
      ),
    ).toBeInTheDocument();
  });
});
