import { QueryClient, QueryClientProvider, QueryObserver, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { TLiveEvent, TLiveKind } from "@wholesale/contract";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/fetch-mock.ts";
import { fakeLiveStream } from "../../test/live-stream.ts";
import { liveStream } from "../api/live.ts";
import { tokens } from "../api/tokens.ts";
import {
  keyRefresher,
  useLiveRefresh,
  usePollingFallback,
  useRefreshAt,
  useShortestPolling,
} from "./live-refresh.ts";

const WAIT = { timeout: 10_000 };

afterEach(() => {
  vi.useRealTimers();
  liveStream.stop();
  vi.unstubAllGlobals();
});

/** A query of `key` kept active (as a shown screen keeps it), counting its reads; `answer` says when each ends. */
function watched(queryClient: QueryClient, key: string, answer: () => Promise<number> = async () => 0) {
  let reads = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    queryFn: () => {
      reads += 1;
      return answer();
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const stop = observer.subscribe(() => {});
  return { reads: () => reads, stop };
}

const change = (kind: TLiveKind = "orders"): TLiveEvent => ({ kind });

describe("a key's refresh", () => {
  it("reads a rush of changes at once and once more after a second, never more often", async () => {
    const queryClient = new QueryClient();
    const query = watched(queryClient, "k");
    await vi.waitFor(() => expect(queryClient.getQueryState(["k"])?.status).toBe("success"), WAIT);
    vi.useFakeTimers();
    const refresher = keyRefresher(queryClient, ["k"], 1_000);
    for (let i = 0; i < 20; i += 1) refresher.request(change());
    await vi.advanceTimersByTimeAsync(0);
    expect(query.reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(query.reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(query.reads()).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(query.reads()).toBe(3);
    // One event heard by several screens of the key is one change.
    const event = change();
    refresher.request(event);
    refresher.request(event);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(query.reads()).toBe(4);
    refresher.release();
    query.stop();
  });

  it("lets a read under way finish, then reads again", async () => {
    const queryClient = new QueryClient();
    const pending: (() => void)[] = [];
    const query = watched(queryClient, "k", () => new Promise((resolve) => pending.push(() => resolve(1))));
    await vi.waitFor(() => expect(query.reads()).toBe(1), WAIT);
    vi.useFakeTimers();
    const refresher = keyRefresher(queryClient, ["k"], 1_000);
    refresher.request(change());
    await vi.advanceTimersByTimeAsync(5_000);
    // The first read is still under way: it is neither cancelled nor doubled.
    expect(query.reads()).toBe(1);
    pending.shift()?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(query.reads()).toBe(2);
    pending.shift()?.();
    refresher.release();
    query.stop();
  });
});

function withClient(queryClient: QueryClient, node: ReactNode) {
  return <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>;
}

function startLive() {
  tokens.save("A", "R");
  const stream = fakeLiveStream();
  mockFetch({ "GET /api/live/": () => stream.answer() });
  liveStream.start();
  return stream;
}

/** A screen showing the key `screen`, refreshed on `kinds`, counting its reads. */
function Screen({ kinds, reads }: { kinds: TLiveKind[]; reads: () => number }) {
  useLiveRefresh(kinds, ["screen"]);
  const query = useQuery({ queryKey: ["screen"], queryFn: async () => reads(), staleTime: 60_000 });
  return <p>read {query.data}</p>;
}

/** A screen polling every 15 s while the stream is not live, and read again at `moment` while it is. */
function Polled({ moment }: { moment: string }) {
  const interval = usePollingFallback(15_000);
  const query = useQuery({ queryKey: ["polled"], queryFn: () => Date.now(), staleTime: 60_000 });
  useRefreshAt(moment, ["polled"], query.dataUpdatedAt);
  const shortest = useShortestPolling();
  return (
    <p>
      interval {String(interval)}, shortest {String(shortest)}, read at {query.data ?? "—"}
    </p>
  );
}

function ShortestOnly() {
  return <p>shortest {String(useShortestPolling())}</p>;
}

describe("useLiveRefresh", () => {
  it("reads its key again on its kinds and on a catch-up, once for two screens of the key, not on another kind", async () => {
    const stream = startLive();
    await vi.waitFor(() => expect(liveStream.state()).toBe("live"), WAIT);
    let count = 0;
    const reads = () => ++count;
    render(
      withClient(
        new QueryClient(),
        <>
          <Screen kinds={["orders", "stock"]} reads={reads} />
          <Screen kinds={["orders", "stock"]} reads={reads} />
        </>,
      ),
    );
    await vi.waitFor(() => expect(screen.getAllByText("read 1")).toHaveLength(2), WAIT);
    stream.send({ kind: "stock", ids: [3] });
    await vi.waitFor(() => expect(screen.getAllByText("read 2")).toHaveLength(2), WAIT);
    stream.send({ kind: "claims", ids: [1] });
    stream.send({ kind: "catch-up" });
    await vi.waitFor(() => expect(screen.getAllByText("read 3")).toHaveLength(2), WAIT);
    expect(count).toBe(3);
  });
});

describe("usePollingFallback and useRefreshAt", () => {
  it("polls while the stream is not live and reads at the moment given while it is", async () => {
    const queryClient = new QueryClient();
    const moment = new Date(Date.now() - 60_000).toISOString();
    const { unmount } = render(withClient(queryClient, <Polled moment={moment} />));
    expect(await screen.findByText(/interval 15000, shortest 15000/)).toBeInTheDocument();
    startLive();
    expect(await screen.findByText(/interval false, shortest 15000/, {}, WAIT)).toBeInTheDocument();
    // The moment has passed: the key is read again (a second after it, so the server's clock has passed it too).
    const first = queryClient.getQueryState(["polled"])?.dataUpdatedAt ?? 0;
    await vi.waitFor(
      () => expect(queryClient.getQueryState(["polled"])?.dataUpdatedAt).toBeGreaterThan(first),
      WAIT,
    );
    unmount();
    render(withClient(queryClient, <ShortestOnly />));
    expect(screen.getByText("shortest null")).toBeInTheDocument();
  });
});
