import { clientDisplayName, type TClientReport, type TClientReportQuery } from "@wholesale/contract";
import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db, Tx } from "../../db/client.ts";
import { firstRow } from "../../db/first-row.ts";
import {
  brands,
  clientReports,
  clients,
  currencies,
  deletedClientReports,
  modifications,
  orderPositions,
  orders,
  products,
} from "../../db/schema/index.ts";
import { conflict, notFound } from "../../http/errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { MONEY_FORMAT, xlsxBuffer } from "../../lib/xlsx.ts";
import { rollupSources, type SalesSources, T } from "../statistics/index.ts";

const INVOICE_COLUMNS = [
  { header: "№", key: "n", width: 5 },
  { header: "Брэнд", key: "brand", width: 20 },
  { header: "Товар", key: "product", width: 22 },
  { header: "Модификация", key: "modification", width: 28 },
  { header: "Дополнение", key: "addition", width: 18 },
  { header: "Количество", key: "quantity", width: 12 },
  { header: "Цена", key: "price", width: 12, numFmt: MONEY_FORMAT },
  { header: "Валюта", key: "currency", width: 8 },
  { header: "Сумма", key: "sum", width: 14, numFmt: MONEY_FORMAT },
];

type Totals = TClientReport["totals"];

type ClientNaming = { id: number; nickname: string; organizationName: string; offline: boolean };

const nameOf = (client: ClientNaming) =>
  clientDisplayName({
    id: client.id,
    nickname: client.nickname,
    organization_name: client.organizationName,
    offline: client.offline,
  });

const toReport = (
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

/** A file name keeps the client's name readable but drops what a file system refuses. */
const fileSafe = (text: string) =>
  text
    .replace(/[\\/:*?"<>|\r\n\t]+/g, " ")
    .trim()
    .slice(0, 80);

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/**
 * Invoices (накладные): one per client per business day, with the positions, prices and sums per currency.
 * The job makes one once every position of the client's day is collected (and makes it again if the day's
 * sums change afterwards); staff can make one at any moment. Stored in the database like every report.
 */
export function createInvoiceService({
  db,
  clock,
  sources = rollupSources(),
}: {
  db: Db;
  clock: Clock;
  sources?: SalesSources;
}) {
  /** Sums per currency of a client's day, from the rollup the statistics use. */
  async function totalsOf(tx: Db | Tx, clientId: number, day: string): Promise<Totals> {
    const rows = await tx
      .select({ sign: currencies.sign, total: sql<string>`sum(${T.cost})` })
      .from(sources.orderTotals)
      .innerJoin(currencies, eq(currencies.id, T.currencyId))
      .where(and(eq(T.clientId, clientId), eq(T.day, day)))
      .groupBy(currencies.id, currencies.sign)
      .orderBy(asc(currencies.id));
    return rows.map((r) => ({ total: Number(r.total), currency_sign: r.sign }));
  }

  /**
   * The sums the job last settled a client-day at: its invoice's, or the day's when staff deleted the invoice
   * (undefined when neither: the invoice is owed).
   */
  async function settledTotals(tx: Tx, clientId: number, day: string): Promise<Totals | undefined> {
    const [made] = await tx
      .select({ totals: clientReports.totals })
      .from(clientReports)
      .where(and(eq(clientReports.clientId, clientId), eq(clientReports.day, day)));
    if (made) return made.totals;
    const [deleted] = await tx
      .select({ totals: deletedClientReports.totals })
      .from(deletedClientReports)
      .where(and(eq(deletedClientReports.clientId, clientId), eq(deletedClientReports.day, day)));
    return deleted?.totals;
  }

  /** Makes (or replaces) a client-day's invoice and lifts a deletion the job respected. */
  async function generate(tx: Tx, clientId: number, day: string): Promise<TClientReport> {
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
    if (!client) throw notFound("Клиент не найден");
    const positions = await withProductAndBrand(
      tx
        .select({
          brand: brands.name,
          product: products.name,
          modification: orderPositions.modificationName,
          addition: orderPositions.additionName,
          quantity: orderPositions.quantity,
          price: orderPositions.price,
          currency: currencies.sign,
          sum: sql<string>`${orderPositions.price} * ${orderPositions.quantity}`,
          clientType: orders.clientType,
        })
        .from(orderPositions)
        .innerJoin(orders, eq(orders.id, orderPositions.orderId))
        .innerJoin(modifications, eq(modifications.id, orderPositions.modificationId))
        .$dynamic(),
    )
      .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
      .where(and(eq(orders.clientId, clientId), eq(orders.openedOn, day)))
      .orderBy(
        asc(brands.name),
        asc(products.name),
        asc(orderPositions.modificationName),
        asc(orderPositions.id),
      );
    const first = positions[0];
    if (!first) throw conflict(`У клиента нет заказов за ${day}`);
    const totals = await totalsOf(tx, clientId, day);
    const name = nameOf(client);
    const file = await xlsxBuffer([
      {
        name: "Накладная",
        columns: INVOICE_COLUMNS,
        rows: [
          ...positions.map((p, i) => ({ ...p, n: i + 1, sum: Number(p.sum), clientType: undefined })),
          {},
          ...totals.map((t) => ({ modification: "Итого", currency: t.currency_sign, sum: t.total })),
          {},
          { brand: "Клиент", product: name },
          { brand: "Дата", product: day },
        ],
      },
    ]);
    const values = {
      clientId,
      day,
      clientType: first.clientType,
      name: `Накладная_${day}_${fileSafe(name) || clientId}.xlsx`,
      total: totals.length === 1 ? firstRow(totals).total : null,
      totals,
      file,
      createdAt: clock.now(),
    };
    const row = firstRow(
      await tx
        .insert(clientReports)
        .values(values)
        .onConflictDoUpdate({ target: [clientReports.clientId, clientReports.day], set: values })
        .returning(),
    );
    await tx
      .delete(deletedClientReports)
      .where(and(eq(deletedClientReports.clientId, clientId), eq(deletedClientReports.day, day)));
    return toReport(row, client);
  }

  return {
    generate: (clientId: number, day: string) => db.transaction((tx) => generate(tx, clientId, day)),

    /** The sums per currency a client-day's invoice states (its only figures that come from the rollups). */
    totals: (clientId: number, day: string) => totalsOf(db, clientId, day),

    /**
     * The invoices the job owes for a day: clients whose every position that day is collected and whose sums
     * differ from those it last settled (no invoice yet, positions changed after it was made, or changed
     * after staff deleted it). Each client is decided and made in one transaction, so a deletion made while
     * the job runs is seen.
     */
    async generateDue(day: string): Promise<number> {
      const collected = await db
        .select({ clientId: orders.clientId })
        .from(orders)
        .innerJoin(orderPositions, eq(orderPositions.orderId, orders.id))
        .where(eq(orders.openedOn, day))
        .groupBy(orders.clientId)
        .having(sql`bool_and(${orderPositions.status} = 'collected')`);
      let made = 0;
      for (const { clientId } of collected) {
        const owed = await db.transaction(async (tx) => {
          const settled = JSON.stringify(await settledTotals(tx, clientId, day));
          if (settled === JSON.stringify(await totalsOf(tx, clientId, day))) return false;
          await generate(tx, clientId, day);
          return true;
        });
        if (owed) made++;
      }
      return made;
    },

    async list({ limit, offset, client_type }: TClientReportQuery) {
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
    },

    async file(id: number): Promise<{ name: string; file: Buffer }> {
      const [row] = await db
        .select({ name: clientReports.name, file: clientReports.file })
        .from(clientReports)
        .where(eq(clientReports.id, id));
      if (!row) throw notFound("Накладная не найдена");
      return row;
    },

    /** Deletes an invoice and remembers the day's sums, so the job does not make it again (docs/back-office.md, «Statistics, reports and the home page»). */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(clientReports)
          .where(eq(clientReports.id, id))
          .returning({ clientId: clientReports.clientId, day: clientReports.day });
        if (!row) throw notFound("Накладная не найдена");
        // A deleted client's invoice has no client left to order again.
        if (row.clientId === null) return;
        const deleted = { totals: await totalsOf(tx, row.clientId, row.day), deletedAt: clock.now() };
        await tx
          .insert(deletedClientReports)
          .values({ clientId: row.clientId, day: row.day, ...deleted })
          .onConflictDoUpdate({
            target: [deletedClientReports.clientId, deletedClientReports.day],
            set: deleted,
          });
      });
    },
  };
}
