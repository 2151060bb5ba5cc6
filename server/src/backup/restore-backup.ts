import { existsSync, mkdirSync, openAsBlob, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { claimDataDir } from "./data-dir-claim.ts";

export class RestoreRefused extends Error {}

/**
 * `npm run restore -- <file>`: unpacks a backup as DATA_DIR's database. Refused while any process holds
 * DATA_DIR (a running server first of all) and when DATA_DIR already holds a database: a restore never
 * overwrites data. The rest of DATA_DIR (the JWT secret, the backups) is left as it is. The database is
 * opened once to check it; migrations run when the server starts on it.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new RestoreRefused(`No such backup: ${file}`);
  mkdirSync(dataDir, { recursive: true });
  const claim = await claimDataDir(dataDir);
  try {
    const target = join(dataDir, "pglite");
    if (existsSync(target) && readdirSync(target).length > 0) {
      throw new RestoreRefused(`${target} already holds a database: move it away first, then restore`);
    }
    try {
      const client = new PGlite(target, { loadDataDir: await openAsBlob(file) });
      try {
        await client.query("select count(*) from pg_class");
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(target, { recursive: true, force: true });
      throw new RestoreRefused(
        `${file} is not a backup of the embedded database: ${(error as Error).message}`,
      );
    }
  } finally {
    await claim.close();
  }
}
