import { count, desc } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { dailyReports } from "../../../db/schema/index.ts";
import { toReport } from "./daily-report-view.ts";

/** Daily reports newest first, a page at a time. */
export async function listDailyReports(db: Db, { limit, offset }: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: dailyReports.id,
        name: dailyReports.name,
        day: dailyReports.day,
        createdAt: dailyReports.createdAt,
      })
      .from(dailyReports)
      .orderBy(desc(dailyReports.createdAt), desc(dailyReports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(dailyReports),
  ]);
  return { results: rows.map(toReport), count: total?.n ?? 0 };
}
