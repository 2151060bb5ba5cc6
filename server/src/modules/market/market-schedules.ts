import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  clients,
  marketScheduleClients,
  marketScheduleGroups,
  marketSchedules,
  marketScheduleTransportations,
  timeIntervals,
} from "../../db/schema/index.ts";
import { valuesRow } from "../../db/values-row.ts";
import {
  CLOSED_MARKET,
  type MarketClient,
  type MarketInterval,
  type MarketSchedule,
  type MarketState,
  marketStateAt,
  secondsOfDay,
} from "./market-rule.ts";

/** A schedule as stored: its intervals keep their ids and their times as written. */
export type StoredInterval = MarketInterval & { id: number; startTime: string; endTime: string };
export type StoredSchedule = Omit<MarketSchedule, "intervals"> & { intervals: StoredInterval[] };

type ScheduleJson = {
  id: number;
  name: string;
  isActive: boolean;
  isManuallyOpened: boolean;
  closeTime: string | null;
  closedUntil: string | null;
  clientTypes: number[];
  intervals: { id: number; startTime: string; endTime: string; isActive: boolean }[];
  groupIds: number[];
  transportationIds: number[];
  clientIds: number[];
};

export type ScheduleFilter = { activeOnly?: boolean; ids?: number[] };

/**
 * The schedules (with their intervals and targeting) as one JSON value: the only way the product reads them,
 * either on its own (`loadMarketSchedules`) or as one column of a larger read (the ordering service's
 * situation, one round trip for every order tap).
 */
export function schedulesColumn(filter: ScheduleFilter = {}): SQL<ScheduleJson[]> {
  const conditions: SQL[] = [];
  if (filter.activeOnly) conditions.push(sql`s.is_active`);
  if (filter.ids) conditions.push(sql`s.id in (${sql.join(filter.ids, sql`, `)})`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  return sql<ScheduleJson[]>`(select coalesce(json_agg(json_build_object(
      'id', s.id, 'name', s.name, 'isActive', s.is_active, 'isManuallyOpened', s.is_manually_opened,
      'closeTime', s.close_time, 'closedUntil', s.closed_until, 'clientTypes', s.client_types,
      'intervals', coalesce((select json_agg(json_build_object('id', i.id, 'startTime', i.start_time,
        'endTime', i.end_time, 'isActive', i.is_active) order by i.start_time, i.id)
        from ${timeIntervals} i where i.schedule_id = s.id), '[]'::json),
      'groupIds', coalesce((select json_agg(g.group_id order by g.group_id) from ${marketScheduleGroups} g
        where g.schedule_id = s.id), '[]'::json),
      'transportationIds', coalesce((select json_agg(t.transportation_id order by t.transportation_id)
        from ${marketScheduleTransportations} t where t.schedule_id = s.id), '[]'::json),
      'clientIds', coalesce((select json_agg(c.client_id order by c.client_id) from ${marketScheduleClients} c
        where c.schedule_id = s.id), '[]'::json)
    ) order by s.id), '[]'::json) from ${marketSchedules} s ${where})`;
}

/** The schedules of a `schedulesColumn` value, as the rule takes them. */
export function storedSchedulesOf(rows: readonly ScheduleJson[]): StoredSchedule[] {
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    isActive: s.isActive,
    isManuallyOpened: s.isManuallyOpened,
    closeTime: s.closeTime === null ? null : new Date(s.closeTime),
    closedUntil: s.closedUntil === null ? null : new Date(s.closedUntil),
    intervals: s.intervals.map((i) => ({
      ...i,
      startSeconds: secondsOfDay(i.startTime),
      endSeconds: secondsOfDay(i.endTime),
    })),
    targeting: {
      clientTypes: s.clientTypes,
      groupIds: s.groupIds,
      transportationIds: s.transportationIds,
      clientIds: s.clientIds,
    },
  }));
}

/** Every schedule (or only the active ones, or the given ones) with its intervals and targeting. */
export async function loadMarketSchedules(
  db: Db | Tx,
  filter: ScheduleFilter = {},
): Promise<StoredSchedule[]> {
  if (filter.ids?.length === 0) return [];
  const row = await valuesRow(db, { schedules: schedulesColumn(filter) });
  return storedSchedulesOf(row.schedules);
}

export async function loadMarketClient(db: Db | Tx, clientId: number): Promise<MarketClient | undefined> {
  const [row] = await db
    .select({
      id: clients.id,
      clientType: clients.clientType,
      groupId: clients.groupId,
      transportationId: clients.transportationId,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row;
}

/** The market for one client now: what the bot and the ordering service ask. An unknown client sees it closed. */
export async function marketStateForClient(db: Db | Tx, clientId: number, now: Date): Promise<MarketState> {
  const client = await loadMarketClient(db, clientId);
  if (!client) return CLOSED_MARKET;
  return marketStateAt(await loadMarketSchedules(db, { activeOnly: true }), client, now);
}

/** The market as a whole now (open when any active schedule is open, whoever it targets). */
export async function overallMarketState(db: Db | Tx, now: Date): Promise<MarketState> {
  return marketStateAt(await loadMarketSchedules(db, { activeOnly: true }), null, now);
}
