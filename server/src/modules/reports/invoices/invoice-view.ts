import { clientDisplayName, type TClientReport } from "@wholesale/contract";
import type { clientReports } from "../../../db/schema/index.ts";

export type ClientNaming = { id: number; nickname: string; organizationName: string; offline: boolean };

/** A client as its invoice names it. */
export const nameOf = (client: ClientNaming) =>
  clientDisplayName({
    id: client.id,
    nickname: client.nickname,
    organization_name: client.organizationName,
    offline: client.offline,
  });

/** A stored invoice as the API shows it, its workbook as a download link. */
export const toReport = (
  row: typeof clientReports.$inferSelect | Omit<typeof clientReports.$inferSelect, "file">,
  client: ClientNaming | null,
): TClientReport => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  day: row.day,
  client: row.clientId,
  client_name: client ? nameOf(client) : null,
  client_type: row.clientType,
  total: row.total,
  totals: row.totals,
  file: `/api/reports/client/download/${row.id}/`,
});
