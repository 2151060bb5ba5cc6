// `npm run backup` and `npm run restore -- <file>` (through scripts/backup.mjs, with `npm start`'s
// environment): bundled as dist/backup.js.
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { systemClock } from "../lib/clock.ts";
import { DataDirInUse } from "./data-dir-claim.ts";
import { RestoreRefused, restoreBackup } from "./restore-backup.ts";
import { takeBackup } from "./take-backup.ts";

const USAGE = `usage: npm run backup             a backup of the embedded database in DATA_DIR, running or not
       npm run restore -- <file>   a backup restored into DATA_DIR, which must hold no database`;

async function run([command, file]: string[]): Promise<string> {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError(
      "DATABASE_URL is set: back PostgreSQL up with pg_dump and restore it with pg_restore",
    );
  }
  if (command === "backup") {
    const { dir, keep } = config.backup;
    return `Backup written: ${await takeBackup({ dataDir: config.dataDir, dir, keep, clock: systemClock })}`;
  }
  if (command === "restore" && file) {
    // npm runs scripts from the project's folder; a relative path means the folder the command was typed in.
    const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
    await restoreBackup(path, config.dataDir);
    return `Restored ${path} into ${config.dataDir}; start the server with npm start`;
  }
  throw new ConfigError(USAGE);
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    const expected = [ConfigError, DataDirInUse, RestoreRefused].some((kind) => error instanceof kind);
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
