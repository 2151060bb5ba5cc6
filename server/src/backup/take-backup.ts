import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Clock } from "../lib/clock.ts";
import { claimDataDir, type DataDirClaim, sendCommand } from "./data-dir-claim.ts";
import { createEmbeddedBackups, type EmbeddedBackups } from "./embedded-backups.ts";

/** The server's side of `npm run backup`: backups of its database, taken when the command asks. */
export function serveBackups(
  claim: DataDirClaim,
  deps: { client: PGlite; dir: string; keep: number; clock: Clock },
): EmbeddedBackups {
  const backups = createEmbeddedBackups(deps);
  claim.serve(async (command) =>
    command === "backup" ? { file: await backups.take() } : { error: `unknown command «${command}»` },
  );
  return backups;
}

/**
 * `npm run backup`: the server holding DATA_DIR takes the backup (only it may open the database); when
 * none runs, this process holds DATA_DIR for the time it takes (a server started meanwhile refuses to
 * start) and takes it itself.
 */
export async function takeBackup(options: {
  dataDir: string;
  dir: string;
  keep: number;
  clock: Clock;
}): Promise<string> {
  const answer = await sendCommand(options.dataDir, "backup");
  if (answer) {
    if ("error" in answer) throw new Error(`The server did not take the backup: ${answer.error}`);
    return answer.file;
  }
  const claim = await claimDataDir(options.dataDir);
  try {
    const client = new PGlite(join(options.dataDir, "pglite"));
    try {
      return await createEmbeddedBackups({ client, ...options }).take();
    } finally {
      await client.close();
    }
  } finally {
    await claim.close();
  }
}
