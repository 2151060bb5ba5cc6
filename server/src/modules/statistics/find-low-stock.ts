import { NOT_SOLD_PRICE, type TLowModification } from "@wholesale/contract";
import { asc, lte, max, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { currencies, modifications, priceTiers, stockSnapshots } from "../../db/schema/index.ts";
import { addDays, businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { countWaiting } from "../stock-waits/index.ts";
import { D, type SalesSources } from "./sales-sources.ts";
import { money } from "./sums.ts";

/** A modification is a problem on a day when it sold that day and less than this share of its start is left. */
export const LOW_STOCK_PERCENT = 20;

/** A first tier's price as the problem positions show it: none for the «not sold at this type» placeholder. */
const shownPrice = (value: string | null) =>
  value === null || money(value) === NOT_SOLD_PRICE ? null : money(value);

/**
 * Whether a day still starts at `quantity_on_start` and ends at the stock now: today, and a past day no
 * snapshot has been taken after (the day before, in the minute after midnight before the job takes today's).
 */
async function isCurrentPeriod(db: Db, clock: Clock, day: string): Promise<boolean> {
  const today = businessDay(clock.now());
  if (day >= today) return day === today;
  const [row] = await db
    .select({ last: max(stockSnapshots.day) })
    .from(stockSnapshots)
    .where(lte(stockSnapshots.day, today));
  return row?.last != null && day >= row.last;
}

/**
 * Problem positions of a day: sold that day with less than LOW_STOCK_PERCENT of the day's starting stock
 * left (or no start recorded). Today's start is the modification's `quantity_on_start` (the daily
 * snapshot sets it; a modification created today starts with its first stock) and its end is the stock
 * now; a past day's start is that day's snapshot and its end the next day's. The snapshot job records a
 * modification created during a day under that day too, so a past day answers as it did on the day. Each
 * carries how many clients wait to hear it is back in stock now.
 */
export async function findLowStock(
  { db, clock, sources }: { db: Db; clock: Clock; sources: SalesSources },
  day: string,
): Promise<TLowModification[]> {
  const d = D;
  const current = await isCurrentPeriod(db, clock, day);
  const soldQuantity = sql<string>`"sold"."quantity"`;
  const snapshotOf = (of: string) =>
    sql`(select ${stockSnapshots.quantity} from ${stockSnapshots}
      where ${stockSnapshots.day} = ${of} and ${stockSnapshots.modificationId} = ${modifications.id})`;
  const start = current
    ? sql<number>`${modifications.quantityOnStart}`
    : sql<number>`coalesce(${snapshotOf(day)}, 0)`;
  const end = current
    ? sql<number>`${modifications.quantity}`
    : sql<number>`coalesce(${snapshotOf(addDays(day, 1))}, ${modifications.quantity})`;
  const firstTier = (value: SQL) =>
    sql`(select ${value} from ${priceTiers} join ${currencies} on ${currencies.id} = ${priceTiers.currencyId}
      where ${priceTiers.modificationId} = ${modifications.id}
      order by ${priceTiers.quantityFrom}, ${priceTiers.id} limit 1)`;
  const rows = await db
    .select({
      id: modifications.id,
      name: modifications.name,
      specifications: modifications.specifications,
      start,
      end,
      sold: soldQuantity,
      small: firstTier(sql`${priceTiers.smallWholesale}`).mapWith(String),
      large: firstTier(sql`${priceTiers.largeWholesale}`).mapWith(String),
      sign: firstTier(sql`${currencies.sign}`).mapWith(String),
    })
    .from(
      sql`(select ${d.modificationId} as modification_id, sum(${d.quantity}) as quantity
        from ${sources.daily} where ${d.day} = ${day} group by ${d.modificationId}) as sold`,
    )
    .innerJoin(modifications, sql`${modifications.id} = "sold"."modification_id"`)
    .where(sql`${soldQuantity} > 0 and (${start} <= 0 or ${end} * 100 < ${start} * ${LOW_STOCK_PERCENT})`)
    .orderBy(asc(modifications.id));
  const waiting = await countWaiting(
    db,
    rows.map((r) => r.id),
    clock.now(),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    specifications: r.specifications,
    quantity_on_start: Number(r.start),
    quantity: Number(r.end),
    sold: Number(r.sold),
    price_small_wholesale: shownPrice(r.small),
    price_large_wholesale: shownPrice(r.large),
    currency_sign: r.sign,
    waiting: waiting.get(r.id) ?? 0,
  }));
}
