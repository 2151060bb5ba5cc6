import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../test/fetch-mock.ts";
import { fakeLiveStream } from "../../../test/live-stream.ts";
import { testOrder, testPosition } from "../../../test/orders.ts";
import { withAppProviders } from "../../../test/providers.tsx";
import { staffUser } from "../../../test/staff.ts";
import { liveStream } from "../../api/live.ts";
import { signIn, signOut } from "../../session/session.ts";
import { GREW_AFTER_COLLECTION, NOT_ALL_SENT, StorehouseCollection } from "./StorehouseCollection.tsx";

afterEach(() => {
  liveStream.stop();
  vi.unstubAllGlobals();
  signOut();
});

const order = testOrder({
  status: "sent_to_collect",
  positions: [testPosition(11, "sent_to_collect", "Чехол"), testPosition(12, "collected", "Кабель")],
  total: [{ currency: 1, currency_sign: "₽", amount: 60 }],
});

const storehouseUser = staffUser("storehouse", ["orders.read", "orders.pick"]);

const orderOf = (
  id: number,
  nickname: string,
  transportation: { id: number; name: string },
  done = false,
) => ({
  ...order,
  id,
  client: { ...order.client, id, nickname, organization_name: "" },
  transportation,
  positions: [testPosition(id * 10, done ? "collected" : "sent_to_collect", `Товар ${id}`)],
});

describe("StorehouseCollection", () => {
  it("marks an order that grew after it was collected, and only that one", async () => {
    const grown = {
      ...orderOf(8, "Борис", { id: 1, name: "Север" }),
      positions: [
        testPosition(81, "collected", "Кабель"),
        // Sent at 11:00, after the cable was collected at 10:00.
        testPosition(82, "sent_to_collect", "Чехол", { sent_to_collect_at: "2026-11-20T11:00:00.000Z" }),
      ],
    };
    mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: storehouseUser }),
      "GET /api/sales/collection/": () => ({
        status: 200,
        body: { results: [{ transportation: { id: 1, name: "Север" }, orders: [order, grown] }] },
      }),
    });
    await signIn("storehouse", "pw");
    render(withAppProviders(<StorehouseCollection />));
    const section = await screen.findByRole("region", { name: "Север" });
    const [first, second] = within(section).getAllByTestId("collection-order");
    // Order 7 was sent at 09:00 and its cable collected at 10:00: one sending, partly picked.
    expect(within(first as HTMLElement).queryByText(GREW_AFTER_COLLECTION)).toBeNull();
    expect(within(second as HTMLElement).getByText(GREW_AFTER_COLLECTION)).toBeInTheDocument();
  });

  it("groups by direction; a tick marks a position collected, Собрано the whole order, each undoable", async () => {
    const calls = mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: storehouseUser }),
      "GET /api/sales/collection/": () => ({
        status: 200,
        body: { results: [{ transportation: { id: 1, name: "Север" }, orders: [order] }] },
      }),
      "POST /api/sales/order-positions/11/collect/": () => ({
        status: 200,
        body: testPosition(11, "collected", "Чехол"),
      }),
      "POST /api/sales/orders/7/collect/": () => ({
        status: 200,
        body: { updated: 1, detail: "Собрано позиций: 1" },
      }),
    });
    await signIn("storehouse", "pw");
    render(withAppProviders(<StorehouseCollection />));
    const section = await screen.findByRole("region", { name: "Север" });
    expect(within(section).getByText("Осталось: 1")).toBeInTheDocument();
    const card = within(section).getByTestId("collection-order");
    expect(within(card).getByText("ООО Ромашка (Анна)")).toBeInTheDocument();
    expect(within(card).getByRole("checkbox", { name: /Кабель/ })).toBeChecked();

    const unticks = () =>
      calls.filter(
        (c) =>
          c.url.endsWith("/order-positions/11/collect/") &&
          (c.body as { collected: boolean }).collected === false,
      );
    /** The latest notice saying the order was collected: its «Отменить». */
    const undo = async () => {
      const notice = (await screen.findAllByText("Заказ № 7 собран")).at(-1)?.closest("[role=alert]");
      return within(notice as HTMLElement).getByRole("button", { name: "Отменить" });
    };
    // Чехол is the order's last open position: its tick collects the order, which leaves the list, so the
    // notice offers the way back, and «Отменить» unticks it.
    await userEvent.click(within(card).getByRole("checkbox", { name: /Чехол/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/order-positions/11/collect/"))?.body).toEqual({
        collected: true,
      }),
    );
    await userEvent.click(await undo());
    await waitFor(() => expect(unticks()).toHaveLength(1));
    expect(await screen.findByText("Заказ № 7 снова на сборке")).toBeInTheDocument();

    // «Собрано» collects what the card showed waiting; its undo unticks exactly those positions.
    await userEvent.click(within(card).getByRole("button", { name: "Собрано" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/orders/7/collect/"))).toBe(true));
    await userEvent.click(await undo());
    await waitFor(() => expect(unticks()).toHaveLength(2));
    expect(calls.some((c) => c.url.endsWith("/order-positions/12/collect/"))).toBe(false);
  });

  it("says «собран» only for an order the office sent all of: another's card says what is still to come", async () => {
    // Order 8 has a position the office has not sent: the storehouse sees only «Чехол», and the order's
    // status (all its positions') is «added».
    const partial = {
      ...order,
      id: 8,
      status: "added" as const,
      positions: [testPosition(81, "sent_to_collect", "Чехол", { order: 8 })],
    };
    const calls = mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: storehouseUser }),
      "GET /api/sales/collection/": () => ({
        status: 200,
        body: { results: [{ transportation: { id: 1, name: "Север" }, orders: [partial] }] },
      }),
      "POST /api/sales/order-positions/81/collect/": () => ({
        status: 200,
        body: testPosition(81, "collected", "Чехол", { order: 8 }),
      }),
      "POST /api/sales/orders/8/collect/": () => ({
        status: 200,
        body: { updated: 1, detail: "Собрано позиций: 1" },
      }),
    });
    await signIn("storehouse", "pw");
    render(withAppProviders(<StorehouseCollection />));
    const card = await screen.findByTestId("collection-order");
    expect(within(card).getByText(NOT_ALL_SENT)).toBeInTheDocument();

    await userEvent.click(within(card).getByRole("checkbox", { name: /Чехол/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/order-positions/81/collect/"))).toBe(true));
    const partly = `Заказ № 8: отправленное собрано. ${NOT_ALL_SENT}`;
    expect(await screen.findByText(partly)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Собрано" }));
    await waitFor(() => expect(screen.getAllByText(partly)).toHaveLength(2));
    expect(screen.queryByText("Заказ № 8 собран")).not.toBeInTheDocument();
  });

  it("folds each direction: the first with work left is open, a header opens another, the list jumps to one", async () => {
    // Where it lands is the browser test's (e2e/storehouse-phone.test.ts): jsdom lays nothing out.
    const scrolled = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const north = { id: 1, name: "Север" };
    const south = { id: 2, name: "Юг" };
    const east = { id: 3, name: "Восток" };
    mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: storehouseUser }),
      "GET /api/sales/collection/": () => ({
        status: 200,
        body: {
          results: [
            { transportation: north, orders: [orderOf(1, "Готово", north, true)] },
            { transportation: south, orders: [orderOf(2, "Борис", south), orderOf(3, "Вера", south)] },
            { transportation: east, orders: [orderOf(4, "Глеб", east)] },
          ],
        },
      }),
    });
    await signIn("storehouse", "pw");
    render(withAppProviders(<StorehouseCollection />));

    // Север has nothing left to collect: Юг, the first with work, opens; the others stay folded.
    const southSection = await screen.findByRole("region", { name: "Юг" });
    expect(within(southSection).getAllByTestId("collection-order")).toHaveLength(2);
    expect(
      within(screen.getByRole("region", { name: "Север" })).queryByTestId("collection-order"),
    ).toBeNull();
    const eastSection = screen.getByRole("region", { name: "Восток" });
    expect(within(eastSection).queryByTestId("collection-order")).toBeNull();
    expect(within(eastSection).getByText("Заказов: 1")).toBeInTheDocument();

    await userEvent.click(within(eastSection).getByRole("button", { name: /Восток/ }));
    expect(await within(eastSection).findByText(/Глеб/)).toBeInTheDocument();
    expect(within(southSection).getAllByTestId("collection-order")).toHaveLength(2);

    const directions = screen.getByRole("navigation", { name: "Направления" });
    expect(within(directions).getByRole("button", { name: "Юг: 2" })).toBeInTheDocument();
    await userEvent.click(within(directions).getByRole("button", { name: "Север: 0" }));
    expect(
      await within(screen.getByRole("region", { name: "Север" })).findByText(/Готово/),
    ).toBeInTheDocument();
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    scrolled.mockRestore();
  });

  it("keeps a tick under way and its direction open while the list is refreshed by the live stream", async () => {
    const stream = fakeLiveStream();
    const north = { id: 1, name: "Север" };
    const south = { id: 2, name: "Юг" };
    let northDone = false;
    let answerTick: (() => void) | undefined;
    const calls = mockFetch({
      "POST /api/token/": () => ({ status: 200, body: { access: "A", refresh: "R" } }),
      "GET /api/users/whoiam/": () => ({ status: 200, body: storehouseUser }),
      "GET /api/sales/collection/": () => ({
        status: 200,
        body: {
          results: [
            { transportation: north, orders: [orderOf(1, "Анна", north, northDone)] },
            { transportation: south, orders: [orderOf(2, "Борис", south)] },
          ],
        },
      }),
      "POST /api/sales/order-positions/10/collect/": () =>
        new Promise((resolve) => {
          answerTick = () => resolve({ status: 200, body: testPosition(10, "collected", "Товар 1") });
        }),
      "GET /api/live/": () => stream.answer(),
    });
    await signIn("storehouse", "pw");
    liveStream.start();
    render(withAppProviders(<StorehouseCollection />));
    const northSection = await screen.findByRole("region", { name: "Север" });
    const card = await within(northSection).findByTestId("collection-order");
    await waitFor(() => expect(liveStream.state()).toBe("live"));

    // The tick is on its way when the stream says the orders changed (the tick's own change, committed).
    await userEvent.click(within(card).getByRole("checkbox", { name: /Товар 1/ }));
    await waitFor(() => expect(answerTick).toBeDefined());
    northDone = true;
    stream.send({ kind: "orders", ids: [1] });
    await waitFor(() => expect(within(card).getByRole("checkbox", { name: /Товар 1/ })).toBeChecked());
    // Север has nothing left, yet stays open with its card: folding it would take the rows from under the tick.
    expect(within(northSection).getByTestId("collection-order")).toBe(card);
    expect(within(screen.getByRole("region", { name: "Юг" })).queryByTestId("collection-order")).toBeNull();

    answerTick?.();
    expect(await screen.findByText("Заказ № 1 собран")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith("/order-positions/10/collect/"))).toHaveLength(1);
  });
});
