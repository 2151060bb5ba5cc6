import { type EmbeddedBackups, newestBackupTime } from "../backup/embedded-backups.ts";
import { businessDay } from "../lib/business-time.ts";
import type { Clock } from "../lib/clock.ts";
import type { Job } from "./scheduler.ts";

export const DAILY_BACKUP_JOB = "daily-backup";
/** How often the server checks whether today's backup is still to be taken. */
const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * Takes a backup of the embedded database once per business day (Moscow), on the first check of a day
 * that has none yet: just after midnight while the server runs, else soon after it starts. The backups
 * folder itself is the record (a manual `npm run backup` that day counts), so it needs no table, and the
 * embedded database has one process, so no claim across instances.
 */
export async function runDailyBackup(backups: EmbeddedBackups, clock: Clock): Promise<string | null> {
  const today = businessDay(clock.now());
  const newestTime = newestBackupTime(backups.dir);
  if (newestTime && businessDay(newestTime) === today) return null;
  return backups.take();
}

export function dailyBackupJob(backups: EmbeddedBackups, clock: Clock): Job {
  return {
    name: DAILY_BACKUP_JOB,
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      await runDailyBackup(backups, clock);
    },
  };
}
