import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clients, orderPositions, orders, transportations } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import { businessDay } from "../../../lib/business-time.ts";
import type { Clock } from "../../../lib/clock.ts";
import { writeXlsx } from "../../../lib/xlsx.ts";
import { clientOf, positionLabel, type SpreadsheetExport } from "./export-rows.ts";

/**
 * The storehouse's picking list of one direction ("none": clients without a direction): today's
 * positions sent to collect, by client, with an empty column to tick on paper.
 */
export async function exportPickingList(
  { db, clock }: { db: Db; clock: Clock },
  transportation: number | "none",
): Promise<SpreadsheetExport> {
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
    .orderBy(asc(clients.organizationName), asc(clients.nickname), asc(orders.id), asc(orderPositions.id));
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
            modification: positionLabel(r),
            quantity: r.quantity,
            tick: "",
          })),
        },
      ]),
  };
}
