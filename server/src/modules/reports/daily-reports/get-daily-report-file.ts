import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { dailyReports } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";

/** A daily report's workbook and the file name it downloads under. */
export async function getDailyReportFile(db: Db, id: number): Promise<{ name: string; file: Buffer }> {
  const [row] = await db
    .select({ name: dailyReports.name, file: dailyReports.file })
    .from(dailyReports)
    .where(eq(dailyReports.id, id));
  if (!row) throw notFound("Отчет не найден");
  return row;
}
