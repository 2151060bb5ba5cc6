import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { exportPickingList } from "./exports/export-picking-list.ts";
import { exportTodayOrders } from "./exports/export-today-orders.ts";

export type XlsxExportService = ReturnType<typeof createXlsxExportService>;

/**
 * The sales area's spreadsheets (the picking list, today's orders), built on request and streamed, never kept:
 * unrelated to the reports module's invoices and daily reports, which jobs make and the database stores.
 */
export function createXlsxExportService(deps: { db: Db; clock: Clock }) {
  return {
    todayOrders: () => exportTodayOrders(deps),
    pickingList: (transportation: number | "none") => exportPickingList(deps, transportation),
  };
}
