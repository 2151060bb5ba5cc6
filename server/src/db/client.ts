import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PreparingClient } from "./prepared-client.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** Either driver: PostgreSQL through node-postgres, or the embedded PGlite. Services see only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services that compose take `Db | Tx` through this alias. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
};

// Resolved beside this module in the sources and beside the bundle in dist (the build copies it there).
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Postgres: a pool; several instances may start at once, so migrations run under an advisory lock. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // Sessions use UTC so nothing depends on the database server's zone; the business day is computed
  // explicitly (lib/business-time.ts).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: "-c TimeZone=UTC",
    Client: PreparingClient,
  });
  // A connection can break at any moment (a database restart, a failover, a terminated backend), and an
  // `error` event nobody hears ends the process. pg-pool listens on idle connections only, so each connection
  // gets a listener of its own for its whole life: a query in flight on it fails with the error (its request,
  // update or job fails cleanly) and the pool drops the connection when it is released.
  pool.on("connect", (client) => {
    let logged = false;
    client.on("error", (error) => {
      // A terminated backend first says why, then its socket closes: one line per connection.
      if (!logged) console.error(`database connection lost: ${error.message}`);
      logged = true;
    });
  });
  // The pool re-emits an idle connection's error after the connection's own listener has logged it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema });
  const lock = await pool.connect();
  try {
    await lock.query("SELECT pg_advisory_lock(727274)");
    await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
  } finally {
    await lock.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    lock.release();
  }
  return { db, kind: "postgres", close: () => pool.end() };
}

/**
 * Embedded PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests); `from` starts it from a data
 * directory's tarball (a test file's copy of the run's migrated database).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database> {
  // One options object: PGlite reads its second argument only beside a data directory, so in memory a
  // tarball passed there is silently dropped and the database starts empty (initdb, then every migration).
  const client = new PGlite({ dataDir, loadDataDir: from });
  await client.exec("SET TIME ZONE 'UTC'");
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: "pglite", close: () => client.close() };
}

/**
 * True when the database answers and takes writes (the health check): a node that answers but is read-only (a
 * failover onto a standby, a database set `default_transaction_read_only`) fails every change, so a load
 * balancer must not send requests to it. Reading the session's `transaction_read_only` costs what `select 1`
 * did. It asks the driver directly (the pg pool or PGlite, both take a plain text query): load balancers call it
 * all the time, and building the statement through the ORM cost a fifth of the check.
 */
export async function isDatabaseWritable(db: Db): Promise<boolean> {
  try {
    const { rows } = await (
      db as unknown as {
        $client: { query: (text: string) => Promise<{ rows: { transaction_read_only?: unknown }[] }> };
      }
    ).$client.query("show transaction_read_only");
    return rows[0]?.transaction_read_only === "off";
  } catch {
    return false;
  }
}
