import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../../../db/client.ts";
import { notify, type Subscription, subscribe } from "../../../db/notifications.ts";
import type { storedSchedulesOf } from "../../market/index.ts";
import type { ClientRow, DayOrder, ModificationStatic } from "../rules/kept-rows.ts";

/** The channel the database's triggers announce changes of what is kept here on (migration 0012). */
export const ORDERING_CACHE_CHANNEL = "ordering_cache";

/** Far more entries than a catalogue or a day's clients need: past it a kind starts again empty. */
const MAX_ENTRIES = 50_000;

type StoredSchedule = ReturnType<typeof storedSchedulesOf>[number];

/** Loads by key, kept while the database has announced no change of them. */
export type Kept<K, V> = { get: (key: K, load: () => Promise<V>) => Promise<V> };

/**
 * One kind of data kept in memory: each key's load (the promise, so concurrent callers share one read). A load
 * that fails, or whose value is null (nothing found: it may be created later), is not kept. Forgetting a key
 * also forgets its load in flight, so a caller after the change always reads afresh.
 */
class Entries<K, V> implements Kept<K, V> {
  readonly #entries = new Map<K, Promise<V>>();

  constructor(private readonly active: () => boolean) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    if (!this.active()) return load();
    const kept = this.#entries.get(key);
    if (kept) return kept;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    const loading = load();
    this.#entries.set(key, loading);
    loading.then(
      (value) => {
        if (value === null && this.#entries.get(key) === loading) this.#entries.delete(key);
      },
      () => {
        if (this.#entries.get(key) === loading) this.#entries.delete(key);
      },
    );
    return loading;
  }

  forget(key?: K): void {
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }
}

/**
 * A client's order of a day as last read or written by this process, with the client's count of changes at that
 * moment (order-rate.ts `clientPace`): a tap judges an add on it and the add's write goes ahead only while the
 * count is still that, so a stale copy (another instance's change, staff's) costs a new reading, never a wrong
 * judgement. No notification is needed: the count is checked by the write itself.
 */
export type KeptDay = { day: string; order: DayOrder; changes: number };

export type KeptDays = {
  get: (clientId: number, day: string) => KeptDay | undefined;
  /** Keeps the newer of what is kept and `kept` (the higher count), or `kept` for another day. */
  set: (clientId: number, kept: KeptDay) => void;
  forget: (clientId: number) => void;
};

/** What the ordering rules read on every tap but staff change rarely, each kept by its own key. */
export type OrderingCaches = {
  /** Clients' orders of the day (KeptDay). */
  days: KeptDays;
  /** The active market schedules, under the one key 0. */
  schedules: Kept<0, StoredSchedule[]>;
  /** A client as the rules read it (client-context.ts), by id. */
  clients: Kept<number, ClientRow | null>;
  /** A modification's names, flags, tiers, exclusive entry and addition (modification-data.ts), by id. */
  modifications: Kept<number, ModificationStatic | null>;
};

/** Reads everything afresh: a database nobody keeps a cache for, or a transaction (the dry runs). */
const readThrough = <K, V>(): Kept<K, V> => ({ get: (_key, load) => load() });
const UNCACHED: OrderingCaches = {
  days: { get: () => undefined, set: () => {}, forget: () => {} },
  schedules: readThrough(),
  clients: readThrough(),
  modifications: readThrough(),
};

/** The caches kept for a database, shared by every app built on it (tests build several on one). */
type Running = {
  caches: OrderingCaches;
  listening: Promise<void>;
  users: number;
  /** Resolves once every change committed before the call has been heard (nothing kept is older than it). */
  caughtUp: () => Promise<void>;
  close: () => Promise<void>;
};
const started = new WeakMap<Db | Tx, Running>();

/** The caches of a database started with startOrderingCache; none (every read afresh) for any other handle. */
export function cachesOf(db: Db | Tx): OrderingCaches {
  return started.get(db)?.caches ?? UNCACHED;
}

/**
 * Keeps the market's schedules, the clients and the modifications the ordering service reads on every tap in
 * this process, for every service on `db` (the bot's and the Mini App's alike), until the database announces a
 * change of them on ORDERING_CACHE_CHANNEL: a change made through any instance, or by hand, is seen by all
 * within a moment (the time a notification takes), never acted on longer. While not listening (before the
 * first LISTEN, after its connection is lost, until it listens again) nothing is kept and everything is read
 * afresh; listening again forgets everything, since what changed meanwhile was not heard. Stock, exclusive
 * pools, the client's orders and pace are never kept: every tap reads or writes them in the database.
 */
export function startOrderingCache(db: Db): {
  /** Resolves when the cache first listens (it keeps nothing before). */
  listening: Promise<void>;
  close: () => Promise<void>;
} {
  const running = started.get(db) ?? listen(db);
  running.users++;
  started.set(db, running);
  let closed = false;
  return {
    listening: running.listening,
    async close() {
      if (closed) return;
      closed = true;
      if (--running.users > 0) return;
      started.delete(db);
      await running.close();
    },
  };
}

function keptDays(): KeptDays {
  const kept = new Map<number, KeptDay>();
  return {
    get(clientId, day) {
      const found = kept.get(clientId);
      return found?.day === day ? found : undefined;
    },
    set(clientId, day) {
      const found = kept.get(clientId);
      if (found && found.day === day.day && found.changes > day.changes) return;
      if (!found && kept.size >= MAX_ENTRIES) kept.clear();
      kept.set(clientId, day);
    },
    forget: (clientId) => kept.delete(clientId),
  };
}

/**
 * Resolves once this process has heard every change of what it keeps committed before the call: a test that
 * changes a rule in the database and acts on it at once waits for this first, as a person would wait a moment.
 * (PostgreSQL delivers notifications in commit order, so hearing its own marker means hearing all before it.)
 */
export async function orderingCacheCaughtUp(db: Db): Promise<void> {
  await started.get(db)?.caughtUp();
}

const MARKER = "caught-up:";

function listen(db: Db): Running {
  let listening = false;
  let firstListening = () => {};
  const listeningAtFirst = new Promise<void>((resolve) => {
    firstListening = resolve;
  });
  const markers = new Map<string, () => void>();
  const isListening = () => listening;
  const schedules = new Entries<0, StoredSchedule[]>(isListening);
  const clients = new Entries<number, ClientRow | null>(isListening);
  const modifications = new Entries<number, ModificationStatic | null>(isListening);
  const days = keptDays();
  const forgetAll = () => {
    schedules.forget();
    clients.forget();
    modifications.forget();
  };
  const subscription: Subscription = subscribe(db, ORDERING_CACHE_CHANNEL, {
    onMessage(payload) {
      if (payload.startsWith(MARKER)) return markers.get(payload)?.();
      const [kind, id] = payload.split(":");
      const key = Number(id);
      if (kind === "schedules") schedules.forget();
      else if (kind === "clients") clients.forget();
      else if (kind === "catalogue") modifications.forget();
      else if (kind === "client" && Number.isInteger(key)) clients.forget(key);
      else if (kind === "modification" && Number.isInteger(key)) modifications.forget(key);
      else forgetAll();
    },
    onListening() {
      forgetAll();
      listening = true;
      firstListening();
    },
    onLost() {
      listening = false;
      forgetAll();
      // Nothing is kept until it listens again: nobody waits for a marker that may never come.
      for (const heard of markers.values()) heard();
    },
  });
  return {
    caches: { days, schedules, clients, modifications },
    listening: listeningAtFirst,
    users: 0,
    async caughtUp() {
      // Not listening, nothing is kept: every read is afresh already.
      if (!listening) return;
      const marker = `${MARKER}${randomUUID()}`;
      const heard = new Promise<void>((resolve) => markers.set(marker, resolve));
      await notify(db, ORDERING_CACHE_CHANNEL, marker);
      await heard;
      markers.delete(marker);
    },
    async close() {
      listening = false;
      forgetAll();
      for (const heard of markers.values()) heard();
      await subscription.close();
    },
  };
}
