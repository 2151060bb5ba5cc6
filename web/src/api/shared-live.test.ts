import type { TLiveEvent } from "@wholesale/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveClient, LiveState } from "./live.ts";
import { shareAcrossTabs, type TabChannel, type TabLink } from "./shared-live.ts";

/** A ceiling for a loaded machine, never an expectation. */
const WAIT = { timeout: 10_000 };

/** The browser the tabs share: Web Locks granting one holder a name in turn, and channels that reach the others. */
function fakeBrowser() {
  const held = new Set<string>();
  const queue: { name: string; grant: () => void; signal?: AbortSignal }[] = [];
  const channels = new Set<TabChannel & { closed: boolean }>();

  function release(name: string) {
    held.delete(name);
    const next = queue.findIndex((w) => w.name === name);
    if (next >= 0) queue.splice(next, 1)[0]?.grant();
  }

  const locks: TabLink["locks"] = {
    request: ((name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) => {
      const run = async () => {
        held.add(name);
        try {
          return await callback({ name, mode: "exclusive" });
        } finally {
          release(name);
        }
      };
      if (!held.has(name)) return run();
      if (options.ifAvailable) return callback(null);
      return new Promise<unknown>((resolve, reject) => {
        const waiting = { name, grant: () => void run().then(resolve, reject), signal: options.signal };
        queue.push(waiting);
        options.signal?.addEventListener("abort", () => {
          const at = queue.indexOf(waiting);
          if (at >= 0) queue.splice(at, 1);
          reject(new DOMException("withdrawn", "AbortError"));
        });
      });
    }) as TabLink["locks"]["request"],
  };

  const openChannel = (): TabChannel => {
    const channel: TabChannel & { closed: boolean } = {
      closed: false,
      onmessage: null,
      postMessage(message) {
        for (const other of channels)
          if (other !== channel && !other.closed)
            queueMicrotask(() => {
              if (!other.closed) other.onmessage?.({ data: message } as MessageEvent);
            });
      },
      close() {
        channel.closed = true;
        channels.delete(channel);
      },
    };
    channels.add(channel);
    return channel;
  };
  return { locks, openChannel };
}

/** A tab's own stream, driven by the test: started or not, its state and its events. */
function ownStream() {
  let state: LiveState = "off";
  const stateListeners = new Set<() => void>();
  const eventListeners = new Set<(event: TLiveEvent) => void>();
  const client: LiveClient & {
    started: number;
    become: (s: LiveState) => void;
    hear: (e: TLiveEvent) => void;
  } = {
    started: 0,
    start() {
      client.started += 1;
      client.become("connecting");
    },
    stop() {
      client.become("off");
    },
    state: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    subscribe(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    become(next) {
      state = next;
      for (const listener of [...stateListeners]) listener();
    },
    hear(event) {
      for (const listener of [...eventListeners]) listener(event);
    },
  };
  return client;
}

/** A tab of `browser`: its own stream, the shared client over it, and what the shared client told its screens. */
function tab(browser: ReturnType<typeof fakeBrowser>) {
  const own = ownStream();
  const shared = shareAcrossTabs(own, browser);
  const heard: TLiveEvent[] = [];
  shared.subscribe((event) => heard.push(event));
  shared.start();
  return { own, shared, heard };
}

const order: TLiveEvent = { kind: "orders", ids: [7] };
const stopLater: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopLater.splice(0)) stop();
});

describe("one live stream for the tabs of a browser", () => {
  it("is opened by the first tab only; every tab hears its state and each change once", async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    const second = tab(browser);
    stopLater.push(first.shared.stop, second.shared.stop);
    await vi.waitFor(() => expect(first.own.started).toBe(1), WAIT);
    first.own.become("live");
    await vi.waitFor(() => expect(second.shared.state()).toBe("live"), WAIT);
    expect(first.shared.state()).toBe("live");
    expect(second.own.started).toBe(0);

    first.own.hear(order);
    await vi.waitFor(() => expect(second.heard).toEqual([order]), WAIT);
    expect(first.heard).toEqual([order]);
  });

  it("tells a tab opened later where the stream stands", async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    stopLater.push(first.shared.stop);
    await vi.waitFor(() => expect(first.own.started).toBe(1), WAIT);
    first.own.become("polling");
    const later = tab(browser);
    stopLater.push(later.shared.stop);
    await vi.waitFor(() => expect(later.shared.state()).toBe("polling"), WAIT);
    expect(later.own.started).toBe(0);
  });

  it("passes to a waiting tab when the holder closes: its stream opens and every tab catches up once", async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    const second = tab(browser);
    const third = tab(browser);
    stopLater.push(second.shared.stop, third.shared.stop);
    await vi.waitFor(() => expect(first.own.started).toBe(1), WAIT);
    first.own.become("live");
    await vi.waitFor(() => expect(third.shared.state()).toBe("live"), WAIT);

    first.shared.stop();
    await vi.waitFor(() => expect(first.own.state()).toBe("off"), WAIT);
    await vi.waitFor(() => expect(second.own.started + third.own.started).toBe(1), WAIT);
    const next = second.own.started === 1 ? second : third;
    const other = next === second ? third : second;
    await vi.waitFor(() => expect(other.shared.state()).toBe("connecting"), WAIT);
    next.own.become("live");
    await vi.waitFor(() => expect(other.heard).toEqual([{ kind: "catch-up" }]), WAIT);
    expect(next.heard).toEqual([{ kind: "catch-up" }]);
    expect(other.shared.state()).toBe("live");
    expect(first.heard).toEqual([]);
  });

  it("a tab stopped while it waits never opens a stream", async () => {
    const browser = fakeBrowser();
    const first = tab(browser);
    const second = tab(browser);
    await vi.waitFor(() => expect(first.own.started).toBe(1), WAIT);
    second.shared.stop();
    first.shared.stop();
    const third = tab(browser);
    stopLater.push(third.shared.stop);
    await vi.waitFor(() => expect(third.own.started).toBe(1), WAIT);
    expect(second.own.started).toBe(0);
    expect(second.shared.state()).toBe("off");
  });
});
