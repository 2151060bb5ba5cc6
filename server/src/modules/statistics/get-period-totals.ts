import type { TPeriodQuery, TPeriodStatistics } from "@wholesale/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { periodPieces } from "./period-pieces.ts";
import { M, type SalesSources, T } from "./sales-sources.ts";
import { currencySigns, money, signOf } from "./sums.ts";

/**
 * Per client: sums and order counts per currency over the days of the period, from whole months of the
 * monthly rollup plus or minus runs of days of the per-order one (period-pieces.ts).
 */
export async function getPeriodTotals(
  { db, sources }: { db: Db; sources: SalesSources },
  { date_from, date_to }: TPeriodQuery,
): Promise<TPeriodStatistics> {
  const t = T;
  const { months, days } = periodPieces(date_from, date_to);
  if (months.length === 0 && days.length === 0) return {};
  const parts: SQL[] = [
    ...months.map(
      (m) => sql`select ${M.clientId} as client_id, ${M.currencyId} as currency_id, ${M.cost} as cost,
        ${M.orders} as orders from ${sources.clientMonths} where ${M.month} >= ${m.from} and ${M.month} < ${m.until}`,
    ),
    ...days.map(
      (run) => sql`select ${t.clientId} as client_id, ${t.currencyId} as currency_id,
        ${t.cost} * ${sql.raw(String(run.sign))} as cost, ${sql.raw(String(run.sign))} as orders
        from ${sources.orderTotals} where ${t.day} >= ${run.from} and ${t.day} <= ${run.to}`,
    ),
  ];
  const [signs, rows] = await Promise.all([
    currencySigns(db),
    db
      .select({
        clientId: sql<number>`"p"."client_id"`,
        currencyId: sql<number>`"p"."currency_id"`,
        total: sql<string>`sum("p"."cost")`,
        orders: sql<number>`sum("p"."orders")::int`,
      })
      .from(sql`(${sql.join(parts, sql` union all `)}) as p`)
      .groupBy(sql`1, 2`)
      // A month minus its days outside the period leaves nothing for a client who bought only on those.
      .having(sql`sum("p"."orders") > 0`)
      .orderBy(sql`1, 2`),
  ]);
  const result: TPeriodStatistics = {};
  for (const r of rows) {
    const key = String(r.clientId);
    const list = result[key] ?? [];
    result[key] = list;
    list.push({
      total: money(r.total),
      currency_sign: signOf(signs, r.currencyId),
      orders_count: r.orders,
    });
  }
  return result;
}
