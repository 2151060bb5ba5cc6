import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  clients,
  marketScheduleClients,
  marketScheduleGroups,
  marketSchedules,
  marketScheduleTransportations,
  timeIntervals,
} from "../../db/schema/index.ts";
import {
  type MarketClient,
  type MarketSchedule,
  type MarketState,
  marketStateAt,
  secondsOfDay,
} from "../market/market-state.ts";

type ScheduleJson = {
  id: number;
  name: string;
  isActive: boolean;
  isManuallyOpened: boolean;
  closeTime: string | null;
  closedUntil: string | null;
  clientTypes: number[];
  intervals: { startTime: string; endTime: string; isActive: boolean }[];
  groupIds: number[];
  transportationIds: number[];
  clientIds: number[];
};

const CLOSED: MarketState = { open: false, openUntil: null, nextOpenAt: null, scheduleNames: [] };

/**
 * The market's own decision (`marketStateAt` of market/market-state.ts, the same as marketStateForClient)
 * over the client and the active schedules read in ONE statement instead of six: every order tap asks it,
 * so the bot's rush at the market's opening pays one round trip for it. Nothing is cached.
 */
export async function marketStateInOneRead(db: Db | Tx, clientId: number, now: Date): Promise<MarketState> {
  const [row] = await db
    .select({
      id: clients.id,
      clientType: clients.clientType,
      groupId: clients.groupId,
      transportationId: clients.transportationId,
      // Spelled out with aliases: drizzle leaves column names unqualified in a single-table select, and the
      // correlated subqueries need them qualified.
      schedules: sql<ScheduleJson[]>`(select coalesce(json_agg(json_build_object(
        'id', s.id, 'name', s.name, 'isActive', s.is_active, 'isManuallyOpened', s.is_manually_opened,
        'closeTime', s.close_time, 'closedUntil', s.closed_until, 'clientTypes', s.client_types,
        'intervals', coalesce((select json_agg(json_build_object('startTime', i.start_time, 'endTime', i.end_time,
          'isActive', i.is_active) order by i.start_time, i.id) from ${timeIntervals} i where i.schedule_id = s.id), '[]'::json),
        'groupIds', coalesce((select json_agg(g.group_id) from ${marketScheduleGroups} g where g.schedule_id = s.id), '[]'::json),
        'transportationIds', coalesce((select json_agg(t.transportation_id) from ${marketScheduleTransportations} t
          where t.schedule_id = s.id), '[]'::json),
        'clientIds', coalesce((select json_agg(c.client_id) from ${marketScheduleClients} c where c.schedule_id = s.id), '[]'::json)
      ) order by s.id), '[]'::json) from ${marketSchedules} s where s.is_active)`,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) return CLOSED;
  const { schedules: stored, ...client } = row;
  const schedules: MarketSchedule[] = stored.map((s) => ({
    id: s.id,
    name: s.name,
    isActive: s.isActive,
    isManuallyOpened: s.isManuallyOpened,
    closeTime: s.closeTime === null ? null : new Date(s.closeTime),
    closedUntil: s.closedUntil === null ? null : new Date(s.closedUntil),
    intervals: s.intervals.map((i) => ({
      startSeconds: secondsOfDay(i.startTime),
      endSeconds: secondsOfDay(i.endTime),
      isActive: i.isActive,
    })),
    targeting: {
      clientTypes: s.clientTypes,
      groupIds: s.groupIds,
      transportationIds: s.transportationIds,
      clientIds: s.clientIds,
    },
  }));
  return marketStateAt(schedules, client satisfies MarketClient, now);
}
