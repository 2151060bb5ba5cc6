import type { TDailyReport } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { firstRow } from "../../../db/first-row.ts";
import { dailyReports, deletedDailyReports } from "../../../db/schema/index.ts";
import type { Clock } from "../../../lib/clock.ts";
import { toReport } from "./daily-report-view.ts";

/**
 * Stores a day's report (`file` from `build`), replacing the one made before for that day and lifting a
 * deletion the job respected.
 */
export async function storeDailyReport(
  { db, clock }: { db: Db; clock: Clock },
  day: string,
  file: Buffer,
  tx?: Tx,
): Promise<TDailyReport> {
  const write = async (tx: Tx) => {
    const values = { day, name: `Отчет_${day}.xlsx`, file, createdAt: clock.now() };
    const row = firstRow(
      await tx
        .insert(dailyReports)
        .values(values)
        .onConflictDoUpdate({ target: dailyReports.day, set: values })
        .returning({
          id: dailyReports.id,
          name: dailyReports.name,
          day: dailyReports.day,
          createdAt: dailyReports.createdAt,
        }),
    );
    await tx.delete(deletedDailyReports).where(eq(deletedDailyReports.day, day));
    return toReport(row);
  };
  return tx ? write(tx) : db.transaction(write);
}
