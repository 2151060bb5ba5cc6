import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { fakeLiveStream } from "../../test/live-stream.ts";
import { liveStream } from "../api/live.ts";
import { tokens } from "../api/tokens.ts";
import { usePollingFallback } from "../lib/live-refresh.ts";
import { everyText, LiveIndicator } from "./LiveIndicator.tsx";

afterEach(() => {
  liveStream.stop();
  vi.unstubAllGlobals();
});

/** A screen that polls every `ms` while the stream is not live. */
function Polling({ ms }: { ms: number }) {
  usePollingFallback(ms);
  return null;
}

describe("the app bar's word on the live stream", () => {
  it("says the screens read by their timers, and how often, while the stream is refused; nothing while it is live", async () => {
    tokens.save("A", "R");
    const stream = fakeLiveStream();
    let refused = true;
    mockFetch({
      "GET /api/live/": () =>
        refused
          ? { status: 503, body: { detail: "Слишком много открытых экранов", code: "unavailable" } }
          : stream.answer(),
    });
    render(
      <>
        <LiveIndicator />
        <Polling ms={60_000} />
        <Polling ms={15_000} />
      </>,
    );
    const status = screen.getByRole("status");
    expect(status).toBeEmptyDOMElement();
    liveStream.start();
    expect(await within(status).findByText("Обновление по таймеру")).toBeInTheDocument();
    expect(status).toHaveTextContent("Нет живого соединения с сервером: данные обновляются раз в 15 секунд");

    refused = false;
    await waitFor(() => expect(liveStream.state()).toBe("live"), { timeout: 30_000 });
    expect(status).toBeEmptyDOMElement();
  });

  it("names the interval in Russian", () => {
    expect([1, 2, 5, 10, 12, 15, 21, 24, 30, 60, 90].map((s) => everyText(s * 1000))).toEqual([
      "раз в 1 секунду",
      "раз в 2 секунды",
      "раз в 5 секунд",
      "раз в 10 секунд",
      "раз в 12 секунд",
      "раз в 15 секунд",
      "раз в 21 секунду",
      "раз в 24 секунды",
      "раз в 30 секунд",
      "раз в минуту",
      "раз в 90 секунд",
    ]);
  });
});
