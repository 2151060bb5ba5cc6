import { clientDisplayName, type TDailyReport } from "@wholesale/contract";
import { count, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import { clients, dailyReports, deletedDailyReports } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { MONEY_FORMAT, xlsxBuffer } from "../../lib/xlsx.ts";
import type { StatisticsService } from "../statistics/index.ts";

const TYPE_NAMES: Record<number, string> = { 2: "Крупный опт", 3: "Малый опт" };

const toReport = (row: { id: number; name: string; day: string; createdAt: Date }): TDailyReport => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  day: row.day,
  file: `/api/reports/general/download/${row.id}/`,
});

export type DailyReportService = ReturnType<typeof createDailyReportService>;

/**
 * The daily report of a business day: its sales per client and per modification, read through the
 * statistics service (the same rollups and the same notion of a sale as the screens). One per day: making it
 * again replaces it.
 */
export function createDailyReportService({
  db,
  clock,
  statistics,
}: {
  db: Db;
  clock: Clock;
  statistics: StatisticsService;
}) {
  /** The workbook of a day; read before any transaction, since PGlite serves one transaction at a time. */
  async function build(day: string): Promise<Buffer> {
    const [perClient, perModification] = await Promise.all([
      statistics.period({ date_from: day, date_to: day }),
      statistics.byDate({ date: day }),
    ]);
    const clientIds = Object.keys(perClient).map(Number);
    const clientRows = clientIds.length
      ? await db.select().from(clients).where(inArray(clients.id, clientIds))
      : [];
    const clientsById = new Map(clientRows.map((c) => [c.id, c]));
    const byClient = clientIds.flatMap((id) => {
      const c = clientsById.get(id);
      const name = c
        ? clientDisplayName({
            id,
            nickname: c.nickname,
            organization_name: c.organizationName,
            offline: c.offline,
          })
        : `Клиент #${id}`;
      return (perClient[String(id)] ?? []).map((e) => ({
        client: name,
        type: c?.clientType ? TYPE_NAMES[c.clientType] : "",
        orders: e.orders_count,
        sum: e.total,
        currency: e.currency_sign,
      }));
    });
    const byModification = perModification.statistics.flatMap((s) =>
      s.details.map((d) => ({
        brand: s.modification.brand,
        product: s.modification.product,
        modification: s.modification.name,
        quantity: d.total_quantity,
        sum: d.total_cost,
        currency: d.currency_sign,
      })),
    );
    return xlsxBuffer([
      {
        name: "По клиентам",
        columns: [
          { header: "Клиент", key: "client", width: 36 },
          { header: "Тип", key: "type", width: 14 },
          { header: "Заказов", key: "orders", width: 10 },
          { header: "Сумма", key: "sum", width: 14, numFmt: MONEY_FORMAT },
          { header: "Валюта", key: "currency", width: 8 },
        ],
        rows: byClient,
      },
      {
        name: "По модификациям",
        columns: [
          { header: "Брэнд", key: "brand", width: 20 },
          { header: "Товар", key: "product", width: 22 },
          { header: "Модификация", key: "modification", width: 28 },
          { header: "Количество", key: "quantity", width: 12 },
          { header: "Сумма", key: "sum", width: 14, numFmt: MONEY_FORMAT },
          { header: "Валюта", key: "currency", width: 8 },
        ],
        rows: byModification,
      },
    ]);
  }

  return {
    build,

    /**
     * Stores a day's report (`file` from `build`), replacing the one made before for that day and lifting a
     * deletion the job respected.
     */
    async store(day: string, file: Buffer, tx?: Tx): Promise<TDailyReport> {
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
    },

    /** Whether staff deleted the day's report: the job then does not make it again. */
    async isDeleted(day: string, tx: Db | Tx = db): Promise<boolean> {
      const rows = await tx
        .select({ day: deletedDailyReports.day })
        .from(deletedDailyReports)
        .where(eq(deletedDailyReports.day, day));
      return rows.length > 0;
    },

    async list({ limit, offset }: { limit: number; offset: number }) {
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
    },

    async file(id: number): Promise<{ name: string; file: Buffer }> {
      const [row] = await db
        .select({ name: dailyReports.name, file: dailyReports.file })
        .from(dailyReports)
        .where(eq(dailyReports.id, id));
      if (!row) throw notFound("Отчет не найден");
      return row;
    },

    /** Deletes a report and remembers its day, so the job does not make it again (docs/back-office.md, «Statistics, reports and the home page»). */
    async remove(id: number): Promise<void> {
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
    },
  };
}
