import type { TLiveEvent } from "@wholesale/contract";
import type { LiveClient } from "./live.ts";
import { type LiveState, liveListeners } from "./live-listeners.ts";

/** What the tabs of one browser say to each other about the stream. */
type TabMessage =
  | { type: "event"; event: TLiveEvent }
  | { type: "state"; state: LiveState }
  | { type: "hello" };

/** The part of a BroadcastChannel the tabs use. */
export type TabChannel = {
  postMessage(message: TabMessage): void;
  onmessage: ((message: MessageEvent<TabMessage>) => void) | null;
  close(): void;
};

export type TabLink = {
  /** The browser's Web Locks (`navigator.locks`). */
  locks: Pick<LockManager, "request">;
  /** A BroadcastChannel of this origin by name. */
  openChannel: (name: string) => TabChannel;
};

const LOCK = "wholesale-live-stream";
const CHANNEL = "wholesale-live";
const CATCH_UP: TLiveEvent = { kind: "catch-up" };

/**
 * One live stream for all the tabs of a browser: a browser holds six connections to a server over HTTP/1.1
 * (`npm start` without the deployment's nginx), so six tabs each holding a stream would leave every other request
 * of the back-office waiting. The tab that holds the lock opens `own` stream and passes its events and state to
 * the others; when it closes or signs out, the lock passes to a tab that was waiting, whose stream opens and tells
 * every tab to catch up on what went by meanwhile.
 */
export function shareAcrossTabs(own: LiveClient, { locks, openChannel }: TabLink): LiveClient {
  const shown = liveListeners();
  const { setState, emit } = shown;
  let stopRunning: (() => void) | null = null;

  function start(): void {
    const channel = openChannel(CHANNEL);
    const stopped = new AbortController();
    let leading = false;
    channel.onmessage = ({ data }) => {
      if (leading) {
        if (data.type === "hello") channel.postMessage({ type: "state", state: own.state() });
      } else if (data.type === "event") emit(data.event);
      else if (data.type === "state") setState(data.state);
    };

    /** This tab's turn to hold the stream, until it stops; `tookOver` from a tab that held it before. */
    async function lead(tookOver: boolean): Promise<void> {
      leading = true;
      let owesCatchUp = tookOver;
      const pass = (event: TLiveEvent) => {
        emit(event);
        channel.postMessage({ type: "event", event });
      };
      const offState = own.onState(() => {
        const next = own.state();
        setState(next);
        channel.postMessage({ type: "state", state: next });
        if (next === "live" && owesCatchUp) {
          owesCatchUp = false;
          pass(CATCH_UP);
        }
      });
      const offEvents = own.subscribe(pass);
      own.start();
      await new Promise<void>((resolve) => stopped.signal.addEventListener("abort", () => resolve()));
      offState();
      offEvents();
      own.stop();
    }

    setState("connecting");
    channel.postMessage({ type: "hello" });
    void (async () => {
      const led = await locks.request(LOCK, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await lead(false);
        return true;
      });
      if (led || stopped.signal.aborted) return;
      // Stopped while waiting, the request is withdrawn: its rejection says only that.
      await locks.request(LOCK, { signal: stopped.signal }, () => lead(true)).catch(() => undefined);
    })();

    stopRunning = () => {
      stopped.abort();
      channel.close();
    };
  }

  return {
    start(): void {
      if (!stopRunning) start();
    },
    stop(): void {
      stopRunning?.();
      stopRunning = null;
      setState("off");
    },
    state: shown.state,
    onState: shown.onState,
    subscribe: shown.subscribe,
  };
}
