import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { dailyReports, deletedDailyReports } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";

/** Deletes a report and remembers its day, so the job does not make it again (docs/back-office.md, «Statistics, reports and the home page»). */
export async function deleteDailyReport({ db, clock }: { db: Db; clock: Clock }, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(dailyReports)
      .where(eq(dailyReports.id, id))
      .returning({ day: dailyReports.day });
    if (!row) throw notFound("Отчет не найден");
    const deletedAt = clock.now();
    await tx
      .insert(deletedDailyReports)
      .values({ day: row.day, deletedAt })
      .onConflictDoUpdate({ target: deletedDailyReports.day, set: { deletedAt } });
  });
}
