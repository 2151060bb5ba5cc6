import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createBackoff } from "../lib/backoff.ts";
import type { Db, Tx } from "./client.ts";

export type NotificationHandlers = {
  onMessage: (payload: string) => void;
  /**
   * Listening has started, or started again after its connection was lost: what was notified meanwhile was
   * not heard, so the subscriber reads the state it follows again.
   */
  onListening?: () => void;
  /** Listening stopped (its connection was lost); it is tried again, waiting 100 ms doubling to 10 s. */
  onLost?: (error: unknown) => void;
};

export type Subscription = { close: () => Promise<void> };

/** Sends `payload` to every instance listening on `channel`, when the transaction (or statement) commits. */
export async function notify(db: Db | Tx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

const isPool = (client: unknown): client is pg.Pool => client instanceof pg.Pool;

/**
 * Hears `NOTIFY` on `channel` from every instance sharing the database: on PostgreSQL over a connection of
 * its own (a pool's connection goes back to the pool and would stop listening), on the embedded PGlite from
 * the one database. Pushed rather than polled, so what one instance decides (a 429 pause, a changed rule)
 * reaches the others within a round trip, at no cost while nothing happens.
 */
export function subscribe(db: Db, channel: string, handlers: NotificationHandlers): Subscription {
  const client = (db as unknown as { $client: unknown }).$client;
  return isPool(client)
    ? subscribePostgres(client, channel, handlers)
    : subscribePglite(client as PGlite, channel, handlers);
}

function subscribePglite(client: PGlite, channel: string, handlers: NotificationHandlers): Subscription {
  const listening = client.listen(channel, handlers.onMessage).then(
    (unlisten) => {
      handlers.onListening?.();
      return unlisten;
    },
    (error: unknown) => {
      handlers.onLost?.(error);
      return undefined;
    },
  );
  return {
    async close() {
      const unlisten = await listening;
      if (!client.closed) await unlisten?.().catch(() => {});
    },
  };
}

function subscribePostgres(pool: pg.Pool, channel: string, handlers: NotificationHandlers): Subscription {
  const { connectionString, options } = pool.options as pg.PoolConfig;
  const backoff = createBackoff({ firstMs: 100, maxMs: 10_000 });
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  function lost(error: unknown): void {
    if (closed) return;
    handlers.onLost?.(error);
    const client = current;
    current = undefined;
    client?.removeAllListeners();
    client?.on("error", () => {});
    void client?.end().catch(() => {});
    retry = setTimeout(connect, backoff.fail());
  }

  function connect(): void {
    if (closed) return;
    const client = new pg.Client({ connectionString, options });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    client.on("error", lost);
    client.on("end", () => lost(new Error("the listening connection ended")));
    client
      .connect()
      .then(() => client.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (closed || current !== client) return;
        backoff.succeed();
        handlers.onListening?.();
      })
      .catch((error: unknown) => {
        if (current === client) lost(error);
      });
  }

  connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      if (!client) return;
      client.removeAllListeners();
      client.on("error", () => {});
      await client.end().catch(() => {});
    },
  };
}
