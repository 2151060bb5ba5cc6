import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { screenOf } from "../../test/screen-width.ts";
import Notices from "./Notices.tsx";
import { notify } from "./notify.tsx";

afterEach(() => vi.unstubAllGlobals());

/** Sign-in, then two orders collected: what the storehouse's phone is told in a minute. */
function aMinuteOfCollecting() {
  act(() => {
    notify.success("Вы успешно вошли в систему");
    notify.undoable("Заказ № 7 собран", () => {});
    notify.undoable("Заказ № 8 собран", () => {});
  });
}

describe("notices", () => {
  it("on a phone show one at a time, the newest", async () => {
    screenOf(390);
    const { unmount } = render(<Notices />);
    aMinuteOfCollecting();
    expect(await screen.findByText("Заказ № 8 собран")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Заказ № 7 собран")).toBeNull());
    expect(screen.queryByText("Вы успешно вошли в систему")).toBeNull();
    act(() => notify.clear());
    unmount();
  });

  it("on a wide screen stay side by side", async () => {
    screenOf(1440);
    const { unmount } = render(<Notices />);
    aMinuteOfCollecting();
    expect(await screen.findByText("Заказ № 8 собран")).toBeInTheDocument();
    expect(screen.getByText("Заказ № 7 собран")).toBeInTheDocument();
    expect(screen.getByText("Вы успешно вошли в систему")).toBeInTheDocument();
    act(() => notify.clear());
    unmount();
  });
});
