import { clientDisplayName } from "@wholesale/contract";
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clients } from "../../../db/schema/index.ts";
import { MONEY_FORMAT, xlsxBuffer } from "../../../lib/xlsx.ts";
import type { StatisticsService } from "../../statistics/index.ts";

const TYPE_NAMES: Record<number, string> = { 2: "Крупный опт", 3: "Малый опт" };

/** The workbook of a day; read before any transaction, since PGlite serves one transaction at a time. */
export async function buildDailyReport(
  { db, statistics }: { db: Db; statistics: StatisticsService },
  day: string,
): Promise<Buffer> {
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
