import type { TClientReport } from "@wholesale/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../../db/catalogue-path.ts";
import type { Tx } from "../../../db/client.ts";
import { firstRow } from "../../../db/first-row.ts";
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
} from "../../../db/schema/index.ts";
import { conflict, notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { MONEY_FORMAT, xlsxBuffer } from "../../../lib/xlsx.ts";
import type { SalesSources } from "../../statistics/index.ts";
import { invoiceTotals } from "./invoice-totals.ts";
import { nameOf, toReport } from "./invoice-view.ts";

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

/** A file name keeps the client's name readable but drops what a file system refuses. */
const fileSafe = (text: string) =>
  text
    .replace(/[\\/:*?"<>|\r\n\t]+/g, " ")
    .trim()
    .slice(0, 80);

/** Makes (or replaces) a client-day's invoice and lifts a deletion the job respected. */
export async function makeInvoice(
  { clock, sources }: { clock: Clock; sources: SalesSources },
  tx: Tx,
  clientId: number,
  day: string,
): Promise<TClientReport> {
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
  const totals = await invoiceTotals(sources, tx, clientId, day);
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
