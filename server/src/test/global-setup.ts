import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../db/client.ts";
import { adminStatement } from "./postgres-admin.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** A migrated database each test file starts from a copy of (test/database.ts). */
    migratedDatabase: { kind: "pglite"; file: string } | { kind: "postgres"; template: string };
  }
}

/**
 * Migrates one database for the whole run, so a test file starts from a copy of it instead of migrating its
 * own: PGlite's initdb alone takes seconds per instance, and a file used to spend 13-20 s before its first
 * assertion. PGlite: the migrated data directory as a tarball. PostgreSQL: a template database.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB === "postgres") return postgresTemplate(project);
  return pgliteSnapshot(project);
}

async function pgliteSnapshot(project: TestProject) {
  const database = await openPglite();
  const folder = await mkdtemp(join(tmpdir(), "wholesale-test-db-"));
  const file = join(folder, "migrated.tar");
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("migratedDatabase", { kind: "pglite", file });
  return () => rm(folder, { recursive: true, force: true });
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
