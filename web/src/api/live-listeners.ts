import type { TLiveEvent } from "@wholesale/contract";

/**
 * Where the staff screens' live stream stands:
 * - `off`: not started (nobody signed in);
 * - `connecting`: opening, or opening again right after a stream ended (its token's end): too short a gap to
 *   call it lost;
 * - `live`: open; screens refresh on its events and do not poll;
 * - `polling`: refused (the instance is full), unreachable, or held back (a proxy buffering it, a silent
 *   connection): screens poll as they always did, and the app bar says so.
 */
export type LiveState = "off" | "connecting" | "live" | "polling";

/** A live client's state and who listens to it and to its events: what every kind of client shows its screens. */
export function liveListeners() {
  let state: LiveState = "off";
  const stateListeners = new Set<() => void>();
  const eventListeners = new Set<(event: TLiveEvent) => void>();
  return {
    state: (): LiveState => state,
    setState(next: LiveState): void {
      if (state === next) return;
      state = next;
      for (const listener of [...stateListeners]) listener();
    },
    emit(event: TLiveEvent): void {
      for (const listener of [...eventListeners]) listener(event);
    },
    /** For `useSyncExternalStore`: called on every change of `state()`. */
    onState(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /** Each event heard, and `catch-up` where changes may have been missed. */
    subscribe(listener: (event: TLiveEvent) => void): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
  };
}
