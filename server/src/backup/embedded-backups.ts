import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream } from "node:stream/web";
import { createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";

const PREFIX = "backup-";
const SUFFIX = ".tar.gz";

/** `backup-2026-11-20T00-10-00.123Z.tar.gz`: the UTC moment it was taken; names sort as times do. */
export const backupName = (at: Date) => `${PREFIX}${at.toISOString().replaceAll(":", "-")}${SUFFIX}`;

/** The moment a backup's name records; undefined for any other file. */
export function backupTime(name: string): Date | undefined {
  const match = /^backup-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d\.\d{3}Z)\.tar\.gz$/.exec(name);
  return match ? new Date(`${match[1]}:${match[2]}:${match[3]}`) : undefined;
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => backupTime(name) !== undefined).sort((a, b) => b.localeCompare(a));
}

/** When the newest whole backup in `dir` was taken (its name says), manual ones included; undefined when none. */
export function newestBackupTime(dir: string): Date | undefined {
  const newest = listBackups(dir)[0];
  return newest === undefined ? undefined : backupTime(newest);
}

/** The embedded database's PGlite behind a Db that `openPglite` opened (drizzle keeps it as `$client`). */
export function pgliteOf(db: Db): PGlite {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error("backups are for the embedded PGlite database");
  return client;
}

export type EmbeddedBackups = {
  /** Takes a backup now (one at a time), keeps the newest `keep`, and answers the new file's path. */
  take: () => Promise<string>;
  dir: string;
};

/**
 * Backups of the running embedded database: PGlite's `dumpDataDir`, a gzipped tarball of its data
 * directory taken while no statement runs (between two statements of an open transaction at most: like a
 * crash, that transaction is rolled back when the copy starts). Everything committed before it began is in
 * it. Written under a temporary name and renamed, so a file named `backup-…` is always whole.
 */
export function createEmbeddedBackups(deps: {
  client: PGlite;
  dir: string;
  keep: number;
  clock: Clock;
}): EmbeddedBackups {
  let queue: Promise<unknown> = Promise.resolve();

  async function takeOne(): Promise<string> {
    mkdirSync(deps.dir, { recursive: true });
    // Backups run one at a time in the one process holding the data: any other partial file was left by a crash.
    for (const name of readdirSync(deps.dir)) {
      if (name.startsWith(PREFIX) && name.endsWith(".partial")) rmSync(join(deps.dir, name), { force: true });
    }
    const file = join(deps.dir, backupName(deps.clock.now()));
    const partial = `${file}.partial`;
    try {
      // dumpDataDir holds PGlite's query lock while it waits for the start, which needs that lock: a client
      // not yet started (the CLI's) would wait forever.
      await deps.client.waitReady;
      // Compressed by zlib outside PGlite's lock (on libuv's threads): the database pauses only for the copy.
      const dump = await deps.client.dumpDataDir("none");
      await pipeline(
        Readable.fromWeb(dump.stream() as ReadableStream),
        createGzip(),
        createWriteStream(partial),
      );
      renameSync(partial, file);
    } finally {
      rmSync(partial, { force: true });
    }
    for (const old of listBackups(deps.dir).slice(deps.keep)) rmSync(join(deps.dir, old), { force: true });
    return file;
  }

  return {
    dir: deps.dir,
    take: () => {
      const run = queue.then(takeOne);
      queue = run.catch(() => {});
      return run;
    },
  };
}
