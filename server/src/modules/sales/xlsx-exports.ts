import type { Writable } from "node:stream";
import { clientDisplayName, POSITION_STATUS_LABELS } from "@wholesale/contract";
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import {
  brands,
  clients,
  currencies,
  modifications,
  orderPositions,
  orders,
  products,
  transportations,
} from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { MONEY_FORMAT, writeXlsx, type XlsxRow } from "../../lib/xlsx.ts";

const clientOf = (r: { clientId: number; nickname: string; organizationName: string; offline: boolean }) =>
  clientDisplayName({
    id: r.clientId,
    nickname: r.nickname,
    organization_name: r.organizationName,
    offline: r.offline,
  });

export type XlsxExportService = ReturnType<typeof createXlsxExportService>;

/**
 * The sales area's spreadsheets (the picking list, today's orders), built on request and streamed, never kept:
 * unrelated to the reports module's invoices and daily reports, which jobs make and the database stores.
 */
export function createXlsxExportService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Today's orders, one row per position, each client's rows followed by its sums per currency (computed
     * in SQL). Returns the file name; the workbook is streamed into `out`.
     */
    async todayOrders(): Promise<{ filename: string; write: (out: Writable) => Promise<void> }> {
      const day = businessDay(clock.now());
      const ofDay = eq(orders.openedOn, day);
      const [rows, sums] = await Promise.all([
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
          .orderBy(
            asc(clients.organizationName),
            asc(clients.nickname),
            asc(clients.id),
            asc(orderPositions.id),
          ),
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
            modification: r.addition ? `${r.modification} + ${r.addition}` : r.modification,
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
    },

    /**
     * The storehouse's picking list of one direction ("none": clients without a direction): today's
     * positions sent to collect, by client, with an empty column to tick on paper.
     */
    async pickingList(
      transportation: number | "none",
    ): Promise<{ filename: string; write: (out: Writable) => Promise<void> }> {
      const day = businessDay(clock.now());
      let name = "Без направления";
      let ofDirection: SQL = isNull(clients.transportationId);
      if (transportation !== "none") {
        const [direction] = await db
          .select({ name: transportations.name })
          .from(transportations)
          .where(eq(transportations.id, transportation));
        if (!direction) throw notFound("Направление не найдено");
        name = direction.name;
        ofDirection = eq(clients.transportationId, transportation);
      }
      const rows = await db
        .select({
          clientId: clients.id,
          nickname: clients.nickname,
          organizationName: clients.organizationName,
          offline: clients.offline,
          orderId: orders.id,
          modification: orderPositions.modificationName,
          addition: orderPositions.additionName,
          quantity: orderPositions.quantity,
        })
        .from(orderPositions)
        .innerJoin(orders, eq(orders.id, orderPositions.orderId))
        .innerJoin(clients, eq(clients.id, orders.clientId))
        .where(and(eq(orders.openedOn, day), eq(orderPositions.status, "sent_to_collect"), ofDirection))
        .orderBy(
          asc(clients.organizationName),
          asc(clients.nickname),
          asc(orders.id),
          asc(orderPositions.id),
        );
      return {
        // A direction name is free text: keep it out of the way of file systems.
        filename: `Сборка_${name.replace(/[\\/:*?"<>|]/g, "_")}_${day}.xlsx`,
        write: (out) =>
          writeXlsx(out, [
            {
              name: "Сборка",
              columns: [
                { header: "Заказ", key: "order", width: 10 },
                { header: "Клиент", key: "client", width: 36 },
                { header: "Модификация", key: "modification", width: 40 },
                { header: "Количество", key: "quantity", width: 12 },
                { header: "Собрано", key: "tick", width: 10 },
              ],
              rows: rows.map((r) => ({
                order: r.orderId,
                client: clientOf(r),
                modification: r.addition ? `${r.modification} + ${r.addition}` : r.modification,
                quantity: r.quantity,
                tick: "",
              })),
            },
          ]),
      };
    },
  };
}
