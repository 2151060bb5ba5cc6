import { positionName } from "@wholesale/contract";
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../../server/src/db/client.ts";
import { seedDemo } from "../../server/src/db/demo/demo.ts";
import { brands, modifications, orderPositions, orders, products } from "../../server/src/db/schema/index.ts";
import { addDays, businessDay } from "../../server/src/lib/business-time.ts";

export type OrdersScale = { days: number; ordersPerDay: number; clients: number };

/**
 * A year of orders at scale: the demo's catalogue, clients and directions (seedDemo, without its own
 * orders), then `ordersPerDay` orders a day with 4-18 positions each (about 11), made by two INSERT … SELECT
 * statements inside PostgreSQL. Earlier days are collected; today's positions are all "added", so sending a
 * wholesale type to collect has its full day of work.
 */
export async function generateOrders(
  db: Db,
  now: Date,
  scale: OrdersScale,
): Promise<{ orders: number; positions: number }> {
  await seedDemo(db, {
    now,
    password: "bench-password-1",
    scale: { clients: scale.clients, days: 0, ordersPerDay: 0, productsPerBrand: 10 },
  });
  const today = businessDay(now);
  const first = addDays(today, -(scale.days - 1));

  // Each day draws its own clients: the lateral subquery refers to the day so it is evaluated per day.
  await db.execute(sql`
    insert into orders (client_id, client_type, opened_on, opened_at, updated_at)
    select c.id, c.client_type, d.day::date, t.at, t.at
    from generate_series(${first}::date, ${today}::date, interval '1 day') as d(day)
    cross join lateral (
      select id, client_type from clients
      where client_type is not null and is_active and not permanent_banned and d.day is not null
      order by random() limit ${scale.ordersPerDay}
    ) c
    cross join lateral (
      select (d.day::date::timestamp + interval '8 hours' + random() * interval '12 hours')
        at time zone 'Europe/Moscow' as at
    ) t`);

  // Positions are named as the ordering service names them (positionName), passed in as one JSON value.
  const catalogue = await db
    .select({
      id: modifications.id,
      modification: modifications.name,
      product: products.name,
      brand: brands.name,
    })
    .from(modifications)
    .innerJoin(products, eq(products.id, modifications.productId))
    .innerJoin(brands, eq(brands.id, products.brandId));
  const names = JSON.stringify(catalogue.map((m) => ({ id: m.id, name: positionName(m) })));
  await db.execute(sql`
    create temporary table bench_catalogue as
    select row_number() over (order by m.id)::int as idx, m.id, n.name, p.small_wholesale, p.large_wholesale,
      p.currency_id
    from jsonb_to_recordset(${names}::jsonb) as n(id int, name text)
    join modifications m on m.id = n.id
    join lateral (
      select small_wholesale, large_wholesale, currency_id from price_tiers
      where modification_id = m.id order by quantity_from limit 1
    ) p on true`);
  await db.execute(sql`
    insert into order_positions (order_id, modification_id, modification_name, price, quantity, currency_id,
      status, created_at, sent_to_collect_at, collected_at)
    select l.order_id, c.id, c.name,
      case when l.client_type = 2 then c.large_wholesale else c.small_wholesale end,
      (array[1, 2, 3, 5, 10, 10, 20, 50])[1 + floor(random() * 8)::int], c.currency_id,
      case when l.today then 'added' else 'collected' end,
      l.opened_at,
      case when l.today then null else l.opened_at + interval '30 minutes' end,
      case when l.today then null else l.opened_at + interval '90 minutes' end
    from (
      select o.id as order_id, o.client_type, o.opened_at, o.opened_on = ${today}::date as today,
        1 + floor(random() * (select max(idx) from bench_catalogue))::int as idx
      from orders o, generate_series(1, 4 + o.id % 15)
    ) l
    join bench_catalogue c on c.idx = l.idx`);
  await db.execute(sql`drop table bench_catalogue`);
  await db.execute(sql`vacuum analyze`);

  const [ordersCount] = await db.select({ n: count() }).from(orders);
  const [positionsCount] = await db.select({ n: count() }).from(orderPositions);
  return { orders: ordersCount?.n ?? 0, positions: positionsCount?.n ?? 0 };
}
