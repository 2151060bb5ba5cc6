import type { TClientReport } from "@wholesale/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { currencies } from "../../../db/schema/index.ts";
import { type SalesSources, T } from "../../statistics/index.ts";
export type Totals = TClientReport["totals"];

/** Sums per currency of a client's day, from the rollup the statistics use. */
export async function invoiceTotals(
  sources: SalesSources,
  tx: Db | Tx,
  clientId: number,
  day: string,
): Promise<Totals> {
  const rows = await tx
    .select({ sign: currencies.sign, total: sql<string>`sum(${T.cost})` })
    .from(sources.orderTotals)
    .innerJoin(currencies, eq(currencies.id, T.currencyId))
    .where(and(eq(T.clientId, clientId), eq(T.day, day)))
    .groupBy(currencies.id, currencies.sign)
    .orderBy(asc(currencies.id));
  return rows.map((r) => ({ total: Number(r.total), currency_sign: r.sign }));
}
