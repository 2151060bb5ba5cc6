import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres } from "../db/client.ts";
import { adminStatement } from "./postgres-admin.ts";

/** A test file's database; on PostgreSQL with its URL, for a second pool (another instance) or a child process. */
export type TestDatabase = Database & { url: string | null };

let pgliteSnapshot: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file, copied from the one migrated once (test/global-setup.ts): an
 * in-memory PGlite of its own loaded from the data directory's tarball (read once per worker) by default, or,
 * when the suite runs with TEST_DB=postgres, a new database created from the template on TEST_DATABASE_URL's
 * server (and dropped by `close`).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const migrated = inject("migratedDatabase");
  if (migrated.kind === "pglite") {
    pgliteSnapshot ??= readFile(migrated.file).then((bytes) => new Blob([bytes]));
    return { ...(await openPglite(undefined, await pgliteSnapshot)), url: null };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `wholesale_test_${randomBytes(6).toString("hex")}`;
  await adminStatement(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${migrated.template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 5 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminStatement(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * A second server instance's database: on PostgreSQL a pool of its own to the same database (two instances
 * racing for the same rows; its sessions named `applicationName` when given); on PGlite, which one process
 * holds, the same one.
 */
export async function secondInstance(database: TestDatabase, applicationName?: string): Promise<Database> {
  if (database.url === null) return { ...database, close: async () => {} };
  const url = new URL(database.url);
  if (applicationName) url.searchParams.set("application_name", applicationName);
  return openPostgres(url.toString(), { max: 3 });
}
