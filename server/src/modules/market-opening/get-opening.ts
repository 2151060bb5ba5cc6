import { emptyMarketOpening, type TMarketOpening } from "@wholesale/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { valuesRow } from "../../db/values-row.ts";
import type { Clock } from "../../lib/clock.ts";
import { NOTICE_KINDS, openingFacts } from "../market/index.ts";
import { PREPARED_LIST_NOTICE_KIND } from "../prepared-list/index.ts";

/** Points of the timeline at most: a second each for the first ten minutes, wider buckets after. */
const MAX_POINTS = 600;
/** Modifications listed, the most sold first. */
const SELLING = 20;
/** The opening's notices go out before it: the «pre-start» text five minutes ahead. */
const NOTICES_BEFORE_MS = 10 * 60 * 1000;
const OPENING_NOTICES = [NOTICE_KINDS.preStart, PREPARED_LIST_NOTICE_KIND];

type Bucketed = { b: number; n: number };

/**
 * «Открытие маркета»: since the last opening (or `since`), what was ordered, by whom, what was refused and why,
 * what sells out and how the opening's notices went. Every figure is read from the tables (and the refusals
 * from `market_pulse`, written by every instance each second), so the page's totals are the tables' totals.
 */
export async function getOpening(db: Db, clock: Clock, since?: Date): Promise<TMarketOpening> {
  const now = clock.now();
  const market = await openingFacts(db);
  const openedAt = since ?? (await market.lastOpening(now));
  if (!openedAt) return emptyMarketOpening(now.toISOString());
  const elapsed = Math.max(0, (now.getTime() - openedAt.getTime()) / 1000);
  const bucketSeconds = Math.max(1, Math.ceil(elapsed / MAX_POINTS));
  const from = openedAt.toISOString();
  const to = now.toISOString();
  const bucket = (column: string) =>
    sql`floor(extract(epoch from ${sql.identifier(column)} - ${from}::timestamptz) / ${bucketSeconds}::int)::int`;

  const facts = await valuesRow(db, {
    positions: sql<Bucketed[]>`(select coalesce(json_agg(json_build_object('b', b, 'n', n)), '[]') from (
      select ${bucket("created_at")} as b, count(*)::int as n from order_positions
      where created_at >= ${from}::timestamptz and created_at <= ${to}::timestamptz group by 1) t)`,
    orders: sql<Bucketed[]>`(select coalesce(json_agg(json_build_object('b', b, 'n', n)), '[]') from (
      select ${bucket("opened_at")} as b, count(*)::int as n from orders
      where opened_at >= ${from}::timestamptz and opened_at <= ${to}::timestamptz group by 1) t)`,
    refused: sql<Bucketed[]>`(select coalesce(json_agg(json_build_object('b', b, 'n', n)), '[]') from (
      select greatest(0, ${bucket("second")}) as b, sum(count)::int as n from market_pulse
      where kind like 'refused_%' and second >= ${from}::timestamptz - interval '1 second'
        and second <= ${to}::timestamptz group by 1) t)`,
    totals: sql<{
      positions: number;
      units: number;
      orders: number;
      clients: number;
    }>`(select json_build_object('positions', count(*), 'units', coalesce(sum(p.quantity), 0),
          'orders', count(distinct p.order_id), 'clients', count(distinct o.client_id))
        from order_positions p join orders o on o.id = p.order_id
        where p.created_at >= ${from}::timestamptz and p.created_at <= ${to}::timestamptz)`,
    newOrders: sql<number>`(select count(*)::int from orders
        where opened_at >= ${from}::timestamptz and opened_at <= ${to}::timestamptz)`,
    listsSent: sql<number>`(select count(*)::int from prepared_list_sends
        where created_at >= ${from}::timestamptz and created_at <= ${to}::timestamptz)`,
    pulse: sql<Record<string, number>>`(select coalesce(json_object_agg(kind, n), '{}') from (
        select kind, sum(count)::int as n from market_pulse
        where second >= ${from}::timestamptz - interval '1 second' and second <= ${to}::timestamptz
        group by kind) t)`,
    selling: sql<{ id: number; name: string; sold: number; left: number; last: string }[]>`(
      select coalesce(json_agg(t order by t.sold desc, t.id), '[]') from (
        select m.id, max(p.modification_name) as name, sum(p.quantity)::int as sold, m.quantity as "left",
          max(p.created_at) as last
        from order_positions p join modifications m on m.id = p.modification_id
        where p.created_at >= ${from}::timestamptz and p.created_at <= ${to}::timestamptz
        group by m.id order by 3 desc, m.id limit ${SELLING}) t)`,
    notices: sql<Record<string, number>>`(select coalesce(json_object_agg(status, n), '{}') from (
        select status, count(*)::int as n from outbox_messages
        where kind in (${sql.join(
          OPENING_NOTICES.map((k) => sql`${k}`),
          sql`, `,
        )}) and created_at >= ${new Date(openedAt.getTime() - NOTICES_BEFORE_MS).toISOString()}::timestamptz
        group by status) t)`,
  });

  // The bucket `now` falls in is the last point: what happened this second is shown.
  const points = Math.floor(elapsed / bucketSeconds) + 1;
  const byBucket = (rows: Bucketed[]) => new Map(rows.map((r) => [r.b, r.n]));
  const [positions, orders, refused] = [facts.positions, facts.orders, facts.refused].map(byBucket);
  const notices = facts.notices;
  return {
    opened_at: openedAt.toISOString(),
    now: to,
    bucket_seconds: bucketSeconds,
    timeline: Array.from({ length: points }, (_, b) => ({
      at: new Date(openedAt.getTime() + b * bucketSeconds * 1000).toISOString(),
      positions: positions?.get(b) ?? 0,
      orders: orders?.get(b) ?? 0,
      refused: refused?.get(b) ?? 0,
    })),
    totals: {
      positions: facts.totals.positions,
      units: facts.totals.units,
      orders: facts.totals.orders,
      new_orders: facts.newOrders,
      clients_ordered: facts.totals.clients,
      // Those it opened for: read at the opening's first second, so the figure stays when the market closes.
      clients_open_for: await market.clientsOpenFor(
        new Date(Math.min(now.getTime(), openedAt.getTime() + 1000)),
      ),
      lists_sent: facts.listsSent,
      refused: {
        stock: facts.pulse.refused_stock ?? 0,
        limit: facts.pulse.refused_limit ?? 0,
        pace: facts.pulse.refused_pace ?? 0,
      },
      errors: facts.pulse.server_error ?? 0,
    },
    selling: facts.selling.map((m) => {
      const soldOut = m.left <= 0 ? new Date(m.last) : null;
      return {
        id: m.id,
        name: m.name,
        sold: m.sold,
        left: m.left,
        sold_out_at: soldOut?.toISOString() ?? null,
        seconds_to_sell_out:
          soldOut === null ? null : Math.max(0, Math.round((soldOut.getTime() - openedAt.getTime()) / 1000)),
      };
    }),
    notices: {
      queued: Object.values(notices).reduce((a, b) => a + b, 0),
      sent: notices.sent ?? 0,
      pending: notices.pending ?? 0,
      failed: (notices.failed ?? 0) + (notices.unreachable ?? 0),
    },
  };
}
