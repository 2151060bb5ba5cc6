import type { TClientReportQuery } from "@wholesale/contract";
import { count, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientReports, clients } from "../../../db/schema/index.ts";
import { toReport } from "./invoice-view.ts";

/** Invoices newest first, a page at a time, optionally of one wholesale type. */
export async function listInvoices(db: Db, { limit, offset, client_type }: TClientReportQuery) {
  const where: SQL | undefined =
    client_type === undefined ? undefined : eq(clientReports.clientType, client_type);
  const { file: _file, ...columns } = getTableColumns(clientReports);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        report: columns,
        client: {
          id: clients.id,
          nickname: clients.nickname,
          organizationName: clients.organizationName,
          offline: clients.offline,
        },
      })
      .from(clientReports)
      .leftJoin(clients, eq(clients.id, clientReports.clientId))
      .where(where)
      .orderBy(desc(clientReports.createdAt), desc(clientReports.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(clientReports).where(where),
  ]);
  return { results: rows.map((r) => toReport(r.report, r.client)), count: total?.n ?? 0 };
}
