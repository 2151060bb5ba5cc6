import { hashKey, type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import type { TLiveEvent, TLiveKind } from "@wholesale/contract";
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { type LiveState, liveStream } from "../api/live.ts";

export function useLiveState(): LiveState {
  return useSyncExternalStore(liveStream.onState, liveStream.state);
}

/** `listener` hears every event of the live stream while the component is shown (the latest `listener`). */
export function useLiveEvent(listener: (event: TLiveEvent) => void): void {
  const latest = useRef(listener);
  useLayoutEffect(() => {
    latest.current = listener;
  });
  useEffect(() => liveStream.subscribe((event) => latest.current(event)), []);
}

/** However many changes arrive, a key is read again at most once in this window (and once after it). */
export const REFRESH_GAP_MS = 1_000;

type Refresher = {
  users: number;
  /** The event last asked for: the same event heard by several screens of one key refreshes it once. */
  lastEvent?: TLiveEvent;
  lastRefreshAt: number;
  timer?: ReturnType<typeof setTimeout>;
};

const refreshers = new WeakMap<QueryClient, Map<string, Refresher>>();

/**
 * The refresh of one query key, shared by every screen showing it: the first change refreshes at once, the
 * changes after it within `gapMs` once at the window's end, and never while the key is being read (a read
 * begun before the change would be cancelled and begun again, and a busy key never read to the end): it waits
 * for that read and then reads again.
 */
export function keyRefresher(queryClient: QueryClient, queryKey: QueryKey, gapMs = REFRESH_GAP_MS) {
  let byKey = refreshers.get(queryClient);
  if (!byKey) {
    byKey = new Map();
    refreshers.set(queryClient, byKey);
  }
  const hash = hashKey(queryKey);
  const entry: Refresher = byKey.get(hash) ?? { users: 0, lastRefreshAt: Number.NEGATIVE_INFINITY };
  byKey.set(hash, entry);
  entry.users += 1;

  function fire(): void {
    entry.timer = undefined;
    if (queryClient.isFetching({ queryKey, exact: true }) > 0) {
      entry.timer = setTimeout(fire, gapMs);
      return;
    }
    entry.lastRefreshAt = Date.now();
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  }

  return {
    request(event: TLiveEvent): void {
      if (entry.lastEvent === event) return;
      entry.lastEvent = event;
      if (entry.timer !== undefined) return;
      const wait = entry.lastRefreshAt + gapMs - Date.now();
      if (wait <= 0) fire();
      else entry.timer = setTimeout(fire, wait);
    },
    release(): void {
      entry.users -= 1;
      if (entry.users > 0) return;
      clearTimeout(entry.timer);
      byKey.delete(hash);
    },
  };
}

/**
 * Reads `queryKey` again when the live stream says one of `kinds` changed, or that changes may have been missed
 * (`catch-up`); a rush of changes reads it about once a second. Every area's api.ts says with it what its screens
 * hear.
 */
export function useLiveRefresh(kinds: readonly TLiveKind[], queryKey: QueryKey, enabled = true): void {
  const queryClient = useQueryClient();
  const hash = hashKey(queryKey);
  const heard = kinds.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key and the kinds are compared by their text
  useEffect(() => {
    if (!enabled) return;
    const kindsHeard = new Set<TLiveKind>([...(heard.split(" ") as TLiveKind[]), "catch-up"]);
    const refresher = keyRefresher(queryClient, queryKey);
    const unsubscribe = liveStream.subscribe((event) => {
      if (kindsHeard.has(event.kind)) refresher.request(event);
    });
    return () => {
      unsubscribe();
      refresher.release();
    };
  }, [queryClient, hash, heard, enabled]);
}

/** The polling intervals of the screens shown now, for the app bar to say how often they read. */
const intervals = new Map<number, number>();
const intervalListeners = new Set<() => void>();
let shortest: number | null = null;

function countInterval(ms: number, by: 1 | -1): void {
  const count = (intervals.get(ms) ?? 0) + by;
  if (count > 0) intervals.set(ms, count);
  else intervals.delete(ms);
  shortest = intervals.size > 0 ? Math.min(...intervals.keys()) : null;
  for (const listener of [...intervalListeners]) listener();
}

function onIntervals(listener: () => void): () => void {
  intervalListeners.add(listener);
  return () => intervalListeners.delete(listener);
}

/** The shortest polling interval of the screens shown now (null when none polls). */
export function useShortestPolling(): number | null {
  return useSyncExternalStore(onIntervals, () => shortest);
}

/**
 * A query's `refetchInterval` with the live stream: `interval` (a number, or TanStack's function of the query)
 * while the stream is not live, none while it is (its events refresh the query instead).
 */
export function usePollingFallback<T extends number | ((...args: never[]) => unknown)>(
  interval: T,
  enabled = true,
): T | false {
  const live = useLiveState() === "live";
  const counted = enabled && typeof interval === "number" ? interval : null;
  useEffect(() => {
    if (counted === null) return;
    countInterval(counted, 1);
    return () => countInterval(counted, -1);
  }, [counted]);
  return enabled && !live ? interval : false;
}

/** Never wait longer than a timer can: a moment weeks away is waited for in steps. */
const LONGEST_TIMER_MS = 2_147_483_647;
/**
 * Read this long after the moment, so that a server's clock a little behind the browser's has passed it too;
 * one further behind is read again as often until it has.
 */
const AFTER_MOMENT_MS = 1_000;

/**
 * Reads `queryKey` again at `moment` (an ISO time when what it shows changes by the clock alone, which no event
 * announces: a market opening by its schedule) while the stream is live; polling covers it otherwise. `readAt`
 * (the query's `dataUpdatedAt`) sets the next timer after every read.
 */
export function useRefreshAt(moment: string | null | undefined, queryKey: QueryKey, readAt: number): void {
  const queryClient = useQueryClient();
  const live = useLiveState() === "live";
  const hash = hashKey(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is compared by its text
  useEffect(() => {
    if (!live || !moment) return;
    const at = Date.parse(moment);
    if (Number.isNaN(at)) return;
    const wait = Math.min(Math.max(at - Date.now(), 0) + AFTER_MOMENT_MS, LONGEST_TIMER_MS);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey, exact: true }), wait);
    return () => clearTimeout(timer);
  }, [queryClient, hash, live, moment, readAt]);
}
