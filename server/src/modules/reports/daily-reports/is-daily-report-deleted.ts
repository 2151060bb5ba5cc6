import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { deletedDailyReports } from "../../../db/schema/index.ts";

/** Whether staff deleted the day's report: the job then does not make it again. */
export async function isDailyReportDeleted(tx: Db | Tx, day: string): Promise<boolean> {
  const rows = await tx
    .select({ day: deletedDailyReports.day })
    .from(deletedDailyReports)
    .where(eq(deletedDailyReports.day, day));
  return rows.length > 0;
}
