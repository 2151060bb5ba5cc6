import type { TLiveEvent } from "@wholesale/contract";
import { ApiError, firstCallsContract, openStream } from "./client.ts";
import { liveListeners } from "./live-listeners.ts";
import { shareAcrossTabs } from "./shared-live.ts";
import { createSseParser } from "./sse.ts";

export type { LiveState } from "./live-listeners.ts";

export type LiveClientOptions = {
  /** The first wait before trying again; it doubles with each failed try up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** A stream that sends nothing this long after opening is held back somewhere (a buffering proxy). */
  openTimeoutMs: number;
  /** A live stream silent this long is dead (the server sends a heartbeat every 15 s). */
  silenceMs: number;
  /** How a wait is waited: resolves after `ms`, or at once when `signal` aborts. */
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
};

const DEFAULTS: LiveClientOptions = {
  firstRetryMs: 1_000,
  maxRetryMs: 30_000,
  openTimeoutMs: 10_000,
  silenceMs: 45_000,
  wait: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      }
    }),
};

const CATCH_UP: TLiveEvent = { kind: "catch-up" };

/** How one try ended: a stream that was open and ended, one that never opened, or a session that is over. */
type Outcome = "ended" | "failed" | "signed-out";

/**
 * The live stream of the signed-in staff screens (`GET /api/live/`), read with fetch because EventSource
 * cannot send the bearer token. It opens again by itself, after 1 s doubling to 30 s, asking for what it
 * missed (`Last-Event-ID`); where it could not resume, its listeners are told `catch-up`.
 */
export function createLiveClient(overrides: Partial<LiveClientOptions> = {}) {
  const options = { ...DEFAULTS, ...overrides };
  const shown = liveListeners();
  const { setState, emit } = shown;
  let running: AbortController | null = null;

  /** One stream: opened, read until it ends, fails or goes silent. */
  async function connect(
    stopped: AbortSignal,
    session: { lastEventId?: string; openedBefore: boolean },
  ): Promise<Outcome> {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    stopped.addEventListener("abort", abort);
    let watchdog = setTimeout(abort, options.openTimeoutMs);
    let opened = false;
    try {
      const { LIVE_CHANGE_EVENT, ZLiveEventSchema } = await firstCallsContract();
      // A stream opened again without an id to resume from cannot tell what it missed.
      const missedUnknown = session.openedBefore && session.lastEventId === undefined;
      const response = await openStream("/live/", {
        headers: {
          accept: "text/event-stream",
          ...(session.lastEventId === undefined ? {} : { "last-event-id": session.lastEventId }),
        },
        signal: attempt.signal,
      });
      const body = response.body;
      if (!response.ok || !body || !response.headers.get("content-type")?.includes("text/event-stream")) {
        await body?.cancel().catch(() => {});
        return "failed";
      }
      const parser = createSseParser((frame) => {
        if (frame.id !== undefined) session.lastEventId = frame.id;
        if (frame.event !== LIVE_CHANGE_EVENT) return;
        const parsed = ZLiveEventSchema.safeParse(parseJson(frame.data));
        if (parsed.success) emit(parsed.data);
      });
      const reader = body.getReader();
      // An abort (a stream given up, or stopped) ends the read even where the fetch does not tie its body to it.
      attempt.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}), { once: true });
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        clearTimeout(watchdog);
        watchdog = setTimeout(abort, options.silenceMs);
        if (!opened) {
          opened = true;
          session.openedBefore = true;
          setState("live");
          if (missedUnknown) emit(CATCH_UP);
        }
        parser.push(decoder.decode(value, { stream: true }));
      }
      return opened ? "ended" : "failed";
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return "signed-out";
      return opened ? "ended" : "failed";
    } finally {
      clearTimeout(watchdog);
      stopped.removeEventListener("abort", abort);
      attempt.abort();
    }
  }

  async function run(stopped: AbortSignal): Promise<void> {
    const session: { lastEventId?: string; openedBefore: boolean } = { openedBefore: false };
    let delay = options.firstRetryMs;
    while (!stopped.aborted) {
      const outcome = await connect(stopped, session);
      if (stopped.aborted) return;
      if (outcome === "signed-out") {
        // The API client has ended the session (and sends the person to sign in): no stream without one.
        running = null;
        setState("off");
        return;
      }
      if (outcome === "ended") {
        delay = options.firstRetryMs;
        setState("connecting");
      } else setState("polling");
      await options.wait(delay, stopped);
      if (outcome === "failed") delay = Math.min(delay * 2, options.maxRetryMs);
    }
  }

  return {
    /** Opens the stream (once; again after `stop`). */
    start(): void {
      if (running) return;
      running = new AbortController();
      setState("connecting");
      void run(running.signal);
    },
    /** Closes the stream and stops trying. */
    stop(): void {
      running?.abort();
      running = null;
      setState("off");
    },
    state: shown.state,
    onState: shown.onState,
    subscribe: shown.subscribe,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type LiveClient = ReturnType<typeof createLiveClient>;

/**
 * The staff screens' stream: one for all the tabs of the browser where it has Web Locks and BroadcastChannel
 * (a secure context: https, or the machine itself), else one a tab.
 */
export const liveStream: LiveClient =
  typeof navigator !== "undefined" && navigator.locks && typeof BroadcastChannel !== "undefined"
    ? shareAcrossTabs(createLiveClient(), {
        locks: navigator.locks,
        openChannel: (name) => new BroadcastChannel(name),
      })
    : createLiveClient();
