import type { TDailyReport } from "@wholesale/contract";

/** A stored daily report as the API shows it, its workbook as a download link. */
export const toReport = (row: { id: number; name: string; day: string; createdAt: Date }): TDailyReport => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  day: row.day,
  file: `/api/reports/general/download/${row.id}/`,
});
