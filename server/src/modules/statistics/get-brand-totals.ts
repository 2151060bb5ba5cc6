import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  type TBrandStatistics,
  type TBrandStatisticsEntry,
  type TCost,
} from "@wholesale/contract";
import { asc, eq, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import { brands, modifications } from "../../db/schema/index.ts";
import { D, type SalesSources } from "./sales-sources.ts";
import { currencySigns, money, signOf } from "./sums.ts";

function emptyBrandEntry(): TBrandStatisticsEntry {
  return {
    total_quantity: 0,
    total_quantity_small_wholesale: 0,
    total_quantity_large_wholesale: 0,
    total_cost: [],
    total_cost_small_wholesale: [],
    total_cost_large_wholesale: [],
  };
}

function addCost(list: TCost[], sign: string, cost: number) {
  const entry = list.find((c) => c.currency_sign === sign);
  if (entry) entry.total_cost = money(entry.total_cost + cost);
  else list.push({ total_cost: cost, currency_sign: sign });
}

/** Per brand on a day: quantities and sums per currency, in all and per wholesale type. */
export async function getBrandTotals(
  { db, sources }: { db: Db; sources: SalesSources },
  day: string,
): Promise<TBrandStatistics> {
  const d = D;
  const [signs, rows] = await Promise.all([
    currencySigns(db),
    withProductAndBrand(
      db
        .select({
          brand: brands.name,
          clientType: d.clientType,
          currencyId: d.currencyId,
          quantity: sql<string>`sum(${d.quantity})`,
          cost: sql<string>`sum(${d.cost})`,
        })
        .from(sources.daily)
        .innerJoin(modifications, eq(modifications.id, d.modificationId))
        .$dynamic(),
    )
      .where(eq(d.day, day))
      .groupBy(brands.name, d.clientType, d.currencyId)
      .orderBy(asc(brands.name), asc(d.currencyId)),
  ]);
  const result: TBrandStatistics = {};
  for (const r of rows) {
    const entry = result[r.brand] ?? emptyBrandEntry();
    result[r.brand] = entry;
    const quantity = Number(r.quantity);
    const cost = money(r.cost);
    const sign = signOf(signs, r.currencyId);
    entry.total_quantity += quantity;
    addCost(entry.total_cost, sign, cost);
    if (r.clientType === CLIENT_TYPE_SMALL) {
      entry.total_quantity_small_wholesale += quantity;
      addCost(entry.total_cost_small_wholesale, sign, cost);
    } else if (r.clientType === CLIENT_TYPE_LARGE) {
      entry.total_quantity_large_wholesale += quantity;
      addCost(entry.total_cost_large_wholesale, sign, cost);
    }
  }
  return result;
}
