import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  type TDateStatistics,
  type TDateStatisticsQuery,
} from "@wholesale/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import { brands, clients, modifications, products } from "../../db/schema/index.ts";
import { D, type SalesSources } from "./sales-sources.ts";
import { currencySigns, money, signOf } from "./sums.ts";

/** Per modification on a day, optionally of one brand, one wholesale type or one client group. */
export async function getModificationTotals(
  { db, sources }: { db: Db; sources: SalesSources },
  query: TDateStatisticsQuery,
): Promise<TDateStatistics> {
  const d = D;
  const conditions: SQL[] = [eq(d.day, query.date)];
  if (query.brand !== undefined) conditions.push(eq(brands.name, query.brand));
  if (query.type !== undefined)
    conditions.push(eq(d.clientType, query.type === "small" ? CLIENT_TYPE_SMALL : CLIENT_TYPE_LARGE));
  if (query.group_id !== undefined)
    conditions.push(
      inArray(
        d.clientId,
        db.select({ id: clients.id }).from(clients).where(eq(clients.groupId, query.group_id)),
      ),
    );
  const [signs, rows, ordered] = await Promise.all([
    currencySigns(db),
    withProductAndBrand(
      db
        .select({
          id: modifications.id,
          name: modifications.name,
          product: products.name,
          brand: brands.name,
          currencyId: d.currencyId,
          quantity: sql<string>`sum(${d.quantity})`,
          cost: sql<string>`sum(${d.cost})`,
        })
        .from(sources.daily)
        .innerJoin(modifications, eq(modifications.id, d.modificationId))
        .$dynamic(),
    )
      .where(and(...conditions))
      .groupBy(modifications.id, products.name, brands.name, d.currencyId)
      .orderBy(asc(brands.name), asc(products.name), asc(modifications.name), asc(d.currencyId)),
    withProductAndBrand(
      db
        .selectDistinct({ name: brands.name })
        .from(sources.daily)
        .innerJoin(modifications, eq(modifications.id, d.modificationId))
        .$dynamic(),
    )
      .where(eq(d.day, query.date))
      .orderBy(asc(brands.name)),
  ]);
  const statistics: TDateStatistics["statistics"] = [];
  for (const r of rows) {
    let item = statistics[statistics.length - 1];
    if (item?.modification.id !== r.id) {
      item = {
        modification: { id: r.id, name: r.name, product: r.product, brand: r.brand },
        details: [],
      };
      statistics.push(item);
    }
    item.details.push({
      total_cost: money(r.cost),
      total_quantity: Number(r.quantity),
      currency_sign: signOf(signs, r.currencyId),
    });
  }
  return { statistics, ordered_brands: ordered };
}
