import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { pgliteOf } from "../backup/embedded-backups.ts";
import { migrationsFolder, openPglite, openPostgres } from "../db/client.ts";
import { adminStatement } from "./postgres-admin.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** A migrated database each test file starts from a copy of (test/database.ts). */
    migratedDatabase: { kind: "pglite"; file: string } | { kind: "postgres"; template: string };
  }
}

/**
 * One migrated database for the whole run, so a test file starts from a copy of it instead of migrating its
 * own: PGlite's initdb and the migrations take seconds per instance. PGlite: the migrated data directory as a
 * tarball, kept between runs. PostgreSQL: a template database.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB === "postgres") return postgresTemplate(project);
  project.provide("migratedDatabase", { kind: "pglite", file: await pgliteSnapshot() });
}

const snapshotFolder = fileURLToPath(
  new URL("../../../node_modules/.cache/wholesale-test-db/", import.meta.url),
);

/**
 * The migrated data directory's tarball, named by what made it (the migrations' files and PGlite's version,
 * whose data directory format is its PostgreSQL's): a run with neither changed reads the one a run before
 * it wrote instead of starting PGlite. Written under a temporary name and renamed, so a run beside it never
 * reads half a file; older snapshots are removed.
 */
async function pgliteSnapshot(): Promise<string> {
  const name = `migrated-${await snapshotKey()}.tar`;
  const file = join(snapshotFolder, name);
  const kept = await readdir(snapshotFolder).catch((): string[] => []);
  if (kept.includes(name)) return file;
  const database = await openPglite();
  try {
    const dump = await pgliteOf(database.db).dumpDataDir("none");
    await mkdir(snapshotFolder, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
  const stale = kept.filter((old) => old.startsWith("migrated-") && old.endsWith(".tar"));
  await Promise.all(stale.map((old) => rm(join(snapshotFolder, old), { force: true })));
  return file;
}

async function snapshotKey(): Promise<string> {
  const hash = createHash("sha256");
  // The package's manifest is not among its exports; the WebAssembly beside it is.
  const pgliteWasm = createRequire(import.meta.url).resolve("@electric-sql/pglite/pglite.wasm");
  hash.update(await readFile(join(dirname(pgliteWasm), "../package.json")));
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const path of files) hash.update(path.slice(migrationsFolder.length)).update(await readFile(path));
  return hash.digest("hex").slice(0, 16);
}

async function postgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const template = `wholesale_template_${randomBytes(6).toString("hex")}`;
  await adminStatement(adminUrl, `CREATE DATABASE "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  // A template must have no connections while it is copied: the pool is closed before any test starts.
  const database = await openPostgres(url.toString(), { max: 1 });
  await database.close();
  project.provide("migratedDatabase", { kind: "postgres", template });
  return () => adminStatement(adminUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
}
