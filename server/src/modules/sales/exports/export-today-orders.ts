import { POSITION_STATUS_LABELS } from "@wholesale/contract";
import { asc, eq, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../../db/catalogue-path.ts";
import type { Db } from "../../../db/client.ts";
import {
  brands,
  clients,
  currencies,
  modifications,
  orderPositions,
  orders,
  products,
  transportations,
} from "../../../db/schema/index.ts";
import { businessDay } from "../../../lib/business-time.ts";
import type { Clock } from "../../../lib/clock.ts";
import { MONEY_FORMAT, writeXlsx, type XlsxRow } from "../../../lib/xlsx.ts";
import { clientOf, positionLabel, type SpreadsheetExport } from "./export-rows.ts";

/** Today's positions with their clients and directions, and each client's sums per currency, computed in SQL. */
async function readTodayOrders(db: Db, day: string) {
  const ofDay = eq(orders.openedOn, day);
  return Promise.all([
    withProductAndBrand(
      db
        .select({
          clientId: clients.id,
          nickname: clients.nickname,
          organizationName: clients.organizationName,
          offline: clients.offline,
          direction: transportations.name,
          brand: brands.name,
          product: products.name,
          modification: orderPositions.modificationName,
          addition: orderPositions.additionName,
          quantity: orderPositions.quantity,
          price: orderPositions.price,
          currency: currencies.name,
          status: orderPositions.status,
          sum: sql<string>`${orderPositions.price} * ${orderPositions.quantity}`,
        })
        .from(orderPositions)
        .innerJoin(orders, eq(orders.id, orderPositions.orderId))
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .leftJoin(transportations, eq(transportations.id, clients.transportationId))
        .innerJoin(modifications, eq(modifications.id, orderPositions.modificationId))
        .$dynamic(),
    )
      .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
      .where(ofDay)
      .orderBy(asc(clients.organizationName), asc(clients.nickname), asc(clients.id), asc(orderPositions.id)),
    db
      .select({
        clientId: orders.clientId,
        currency: currencies.name,
        quantity: sql<string>`sum(${orderPositions.quantity})`,
        sum: sql<string>`sum(${orderPositions.price} * ${orderPositions.quantity})`,
      })
      .from(orderPositions)
      .innerJoin(orders, eq(orders.id, orderPositions.orderId))
      .innerJoin(currencies, eq(currencies.id, orderPositions.currencyId))
      .where(ofDay)
      .groupBy(orders.clientId, currencies.name)
      .orderBy(asc(currencies.name)),
  ]);
}

/**
 * Today's orders, one row per position, each client's rows followed by its sums per currency. Returns the file
 * name; the workbook is streamed into `out`.
 */
export async function exportTodayOrders({ db, clock }: { db: Db; clock: Clock }): Promise<SpreadsheetExport> {
  const day = businessDay(clock.now());
  const [rows, sums] = await readTodayOrders(db, day);
  const sumsByClient = new Map<number, typeof sums>();
  for (const s of sums) sumsByClient.set(s.clientId, [...(sumsByClient.get(s.clientId) ?? []), s]);

  function* sheetRows(): Generator<XlsxRow> {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (!r) continue;
      const client = clientOf(r);
      yield {
        client,
        direction: r.direction ?? "",
        brand: r.brand,
        product: r.product,
        modification: positionLabel(r),
        quantity: r.quantity,
        price: r.price,
        currency: r.currency,
        status: POSITION_STATUS_LABELS[r.status].full,
        sum: Number(r.sum),
      };
      if (rows[i + 1]?.clientId !== r.clientId) {
        for (const s of sumsByClient.get(r.clientId) ?? []) {
          yield {
            client: `Итого: ${client}`,
            quantity: Number(s.quantity),
            currency: s.currency,
            sum: Number(s.sum),
          };
        }
      }
    }
  }

  return {
    filename: `Заказы_${day}.xlsx`,
    write: (out) =>
      writeXlsx(out, [
        {
          name: "Заказы",
          columns: [
            { header: "Клиент", key: "client", width: 36 },
            { header: "Направление", key: "direction", width: 20 },
            { header: "Брэнд", key: "brand", width: 18 },
            { header: "Товар", key: "product", width: 28 },
            { header: "Модификация", key: "modification", width: 32 },
            { header: "Количество", key: "quantity", width: 12 },
            { header: "Цена", key: "price", width: 12, numFmt: MONEY_FORMAT },
            { header: "Валюта", key: "currency", width: 12 },
            { header: "Статус", key: "status", width: 22 },
            { header: "Сумма", key: "sum", width: 14, numFmt: MONEY_FORMAT },
          ],
          rows: sheetRows(),
        },
      ]),
  };
}
