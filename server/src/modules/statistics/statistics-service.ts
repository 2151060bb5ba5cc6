import {
  CLIENT_TYPE_LARGE,
  CLIENT_TYPE_SMALL,
  NOT_SOLD_PRICE,
  roundMoney,
  type TBrandStatistics,
  type TBrandStatisticsEntry,
  type TClientDay,
  type TClientOrdersQuery,
  type TCost,
  type TDateStatistics,
  type TDateStatisticsQuery,
  type TLowModification,
  type TPeriodQuery,
  type TPeriodStatistics,
} from "@wholesale/contract";
import { and, asc, between, eq, inArray, lte, max, type SQL, sql } from "drizzle-orm";
import { withProductAndBrand } from "../../db/catalogue-path.ts";
import type { Db } from "../../db/client.ts";
import {
  brands,
  clients,
  currencies,
  modifications,
  priceTiers,
  products,
  stockSnapshots,
} from "../../db/schema/index.ts";
import { addDays, businessDay } from "../../lib/business-time.ts";
import type { Clock } from "../../lib/clock.ts";
import { periodPieces } from "./period-pieces.ts";
import { D, M, rollupSources, type SalesSources, T } from "./sales-sources.ts";

/** A modification is a problem on a day when it sold that day and less than this share of its start is left. */
export const LOW_STOCK_PERCENT = 20;

const WEEKDAYS = ["Воскресенье", "Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота"];

/** The Russian weekday of a calendar day. */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()] as string;

/** Sums arrive from `numeric` as strings; two decimals survive the trip to a JS number. */
const money = (value: string | number) => roundMoney(Number(value));
/** A first tier's price as the problem positions show it: none for the «not sold at this type» placeholder. */
const shownPrice = (value: string | null) =>
  value === null || money(value) === NOT_SOLD_PRICE ? null : money(value);

export type CurrencySigns = Map<number, string>;

export async function currencySigns(db: Db): Promise<CurrencySigns> {
  const rows = await db.select({ id: currencies.id, sign: currencies.sign }).from(currencies);
  return new Map(rows.map((r) => [r.id, r.sign]));
}

// An unknown currency shows as «?» (spec part 1 §3); a deleted one cannot be, currencies are restricted.
const signOf = (signs: CurrencySigns, id: number) => signs.get(id) ?? "?";

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

export type StatisticsService = ReturnType<typeof createStatisticsService>;

/** Every statistics answer, read from the rollups (never from the positions themselves). */
export function createStatisticsService({
  db,
  clock,
  sources = rollupSources(),
}: {
  db: Db;
  clock: Clock;
  sources?: SalesSources;
}) {
  const t = T;
  const d = D;

  /**
   * Whether a day still starts at `quantity_on_start` and ends at the stock now: today, and a past day no
   * snapshot has been taken after (the day before, in the minute after midnight before the job takes today's).
   */
  async function isCurrentPeriod(day: string): Promise<boolean> {
    const today = businessDay(clock.now());
    if (day >= today) return day === today;
    const [row] = await db
      .select({ last: max(stockSnapshots.day) })
      .from(stockSnapshots)
      .where(lte(stockSnapshots.day, today));
    return row?.last != null && day >= row.last;
  }

  return {
    /**
     * Per client: sums and order counts per currency over the days of the period, from whole months of the
     * monthly rollup plus or minus runs of days of the per-order one (period-pieces.ts).
     */
    async period({ date_from, date_to }: TPeriodQuery): Promise<TPeriodStatistics> {
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
    },

    /** One record per day of the range, days without orders included. */
    async clientOrders({ client_id, date_from, date_to }: TClientOrdersQuery): Promise<TClientDay[]> {
      const [signs, rows] = await Promise.all([
        currencySigns(db),
        db
          .select({ day: t.day, currencyId: t.currencyId, total: sql<string>`sum(${t.cost})` })
          .from(sources.orderTotals)
          .where(and(eq(t.clientId, client_id), between(t.day, date_from, date_to)))
          .groupBy(t.day, t.currencyId)
          .orderBy(asc(t.day), asc(t.currencyId)),
      ]);
      const byDay = new Map<string, TClientDay["totals"]>();
      for (const r of rows) {
        const list = byDay.get(r.day) ?? [];
        list.push({ total: money(r.total), currency_sign: signOf(signs, r.currencyId) });
        byDay.set(r.day, list);
      }
      const days: TClientDay[] = [];
      for (let day = date_from; day <= date_to; day = addDays(day, 1)) {
        const totals = byDay.get(day) ?? [];
        days.push({ date: day, weekday: weekdayOf(day), has_orders: totals.length > 0, totals });
      }
      return days;
    },

    /** Per brand on a day: quantities and sums per currency, in all and per wholesale type. */
    async byBrand(day: string): Promise<TBrandStatistics> {
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
    },

    /** Per modification on a day, optionally of one brand, one wholesale type or one client group. */
    async byDate(query: TDateStatisticsQuery): Promise<TDateStatistics> {
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
    },

    /**
     * Problem positions of a day: sold that day with less than LOW_STOCK_PERCENT of the day's starting stock
     * left (or no start recorded). Today's start is the modification's `quantity_on_start` (the daily
     * snapshot sets it; a modification created today starts with its first stock) and its end is the stock
     * now; a past day's start is that day's snapshot and its end the next day's. The snapshot job records a
     * modification created during a day under that day too, so a past day answers as it did on the day.
     */
    async low(day: string): Promise<TLowModification[]> {
      const current = await isCurrentPeriod(day);
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
      }));
    },
  };
}
