import { randomUUID } from "node:crypto";
import type { TLiveEvent, TLiveKind, TPermission } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import { type Subscription, subscribe } from "../../db/notifications.ts";
import { LIVE_CHANNEL, mayHear, parseLiveChange } from "./live-change.ts";

/** One open stream, as the hub sees it: whose it is, what it may hear, and how to reach it. */
export type LiveListener = {
  accountId: number;
  permissions: readonly TPermission[];
  /** Writes one frame; false when the stream is gone or cannot keep up (the hub then drops it). */
  write: (frame: string) => boolean;
  /** Ends the stream (the page reconnects with a fresh token and catches up). */
  end: () => void;
  /** The account changed (disabled, password, role): read it again; resolves false when it may not stay. */
  recheck: () => Promise<boolean>;
};

export type LiveHubOptions = {
  /** Streams this instance holds at most; one more is refused (the page polls instead). */
  maxStreams: number;
  /**
   * Changes heard within this window go out as one event a kind: a market's opening announces thousands of
   * positions a second, and a screen needs one nudge, not thousands.
   */
  flushMs?: number;
  /** A comment on every stream this often, so proxies and the page know it is alive. */
  heartbeatMs?: number;
  /** Events kept for a page that reconnects (`Last-Event-ID`) to receive what it missed instead of all. */
  keptEvents?: number;
};

/** Past this many ids a kind's event names none: the screen reads the kind again whole. */
const MAX_IDS = 200;

type Pending = { ids: Set<number>; added: Set<number>; whole: boolean };
type Kept = { seq: number; event: TLiveEvent };

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * One `LISTEN` per instance, fanned out to every stream in this process. Ids are this instance's (`<instance>.<seq>`):
 * a page that comes back to the same instance within the kept window is sent what it missed; any other comes back
 * to a `catch-up`.
 */
export function createLiveHub(db: Db, options: LiveHubOptions) {
  const flushMs = options.flushMs ?? 25;
  const keptEvents = options.keptEvents ?? 1000;
  const instance = randomUUID().slice(0, 8);
  const listeners = new Set<LiveListener>();
  const pending = new Map<TLiveKind, Pending>();
  const kept: Kept[] = [];
  let seq = 0;
  let flushTimer: NodeJS.Timeout | undefined;
  let heardOnce = false;
  let listening = false;

  const subscription: Subscription = subscribe(db, LIVE_CHANNEL, {
    onMessage(payload) {
      const change = parseLiveChange(payload);
      if (!change) return;
      if (change.kind === "account") {
        if (change.id !== undefined) recheckAccount(change.id);
        return;
      }
      let entry = pending.get(change.kind);
      if (!entry) {
        entry = { ids: new Set(), added: new Set(), whole: false };
        pending.set(change.kind, entry);
      }
      if (change.id === undefined) entry.whole = true;
      else {
        entry.ids.add(change.id);
        if (change.isNew) entry.added.add(change.id);
      }
      flushTimer ??= setTimeout(flush, flushMs);
    },
    onListening() {
      listening = true;
      // What was announced while this instance did not listen was not heard: every screen reads all again.
      if (heardOnce) publish([{ kind: "catch-up" }]);
      heardOnce = true;
    },
    onLost() {
      listening = false;
    },
  });

  const heartbeat = setInterval(() => {
    for (const listener of listeners) if (!listener.write(": ping\n\n")) drop(listener);
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  function flush(): void {
    flushTimer = undefined;
    const events = [...pending].map(([kind, entry]): TLiveEvent => {
      const named = !entry.whole && entry.ids.size <= MAX_IDS;
      return {
        kind,
        ...(named ? { ids: [...entry.ids] } : {}),
        ...(named && entry.added.size > 0 ? { new: [...entry.added] } : {}),
      };
    });
    pending.clear();
    publish(events);
  }

  function frame(kept: Kept): string {
    return `id: ${instance}.${kept.seq}\nevent: change\ndata: ${JSON.stringify(kept.event)}\n\n`;
  }

  /**
   * Keeps `events` for pages that reconnect and sends each stream those it may hear in one write: in a rush
   * every gathering names several kinds, and a write per kind and stream was most of what the streams cost.
   */
  function publish(events: TLiveEvent[]): void {
    const framed = events.map((event) => {
      const entry = { seq: ++seq, event };
      kept.push(entry);
      return { kind: event.kind, text: frame(entry) };
    });
    if (kept.length > keptEvents) kept.splice(0, kept.length - keptEvents);
    for (const listener of listeners) {
      let text = "";
      for (const f of framed) if (mayHear(listener.permissions, f.kind)) text += f.text;
      if (text && !listener.write(text)) drop(listener);
    }
  }

  function drop(listener: LiveListener): void {
    listeners.delete(listener);
    listener.end();
  }

  function recheckAccount(accountId: number): void {
    for (const listener of listeners) {
      if (listener.accountId !== accountId) continue;
      void listener.recheck().then(
        (stays) => stays || drop(listener),
        () => drop(listener),
      );
    }
  }

  /** What a page that saw `lastEventId` missed: the kept events after it, or a catch-up when they are gone. */
  function missedSince(lastEventId: string | undefined): Kept[] {
    if (lastEventId === undefined) return [];
    const [from, seen] = lastEventId.split(".");
    const seenSeq = Number(seen);
    const oldest = kept[0]?.seq ?? seq + 1;
    if (from !== instance || !Number.isInteger(seenSeq) || seenSeq > seq || seenSeq < oldest - 1) {
      return [{ seq, event: { kind: "catch-up" } }];
    }
    return kept.filter((k) => k.seq > seenSeq);
  }

  return {
    /** Whether one more stream may open on this instance. */
    hasRoom: () => listeners.size < options.maxStreams,
    /** Streams open now. */
    size: () => listeners.size,
    /** Whether the instance hears the database now (the health of the streams). */
    listening: () => listening,
    /** Adds a stream and sends it what it missed since `lastEventId`; returns its removal. */
    open(listener: LiveListener, lastEventId?: string): () => void {
      listeners.add(listener);
      for (const missed of missedSince(lastEventId)) {
        if (mayHear(listener.permissions, missed.event.kind)) listener.write(frame(missed));
      }
      return () => listeners.delete(listener);
    },
    async close(): Promise<void> {
      clearInterval(heartbeat);
      clearTimeout(flushTimer);
      for (const listener of listeners) listener.end();
      listeners.clear();
      await subscription.close();
    },
  };
}
