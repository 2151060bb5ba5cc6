import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  marketScheduleClients,
  marketScheduleGroups,
  marketSchedules,
  marketScheduleTransportations,
  timeIntervals,
} from "../../db/schema/index.ts";
import { valuesRow } from "../../db/values-row.ts";
import {
  type MarketClient,
  type MarketSchedule,
  type MarketState,
  marketStateAt,
  secondsOfDay,
} from "../market/market-state.ts";
import { type ClientLookup, clientColumn, clientLookupOf } from "./client-context.ts";

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

/** A client as the ordering rules see them and the market's decision for them, at one moment. */
export type SituationRead = { lookup: ClientLookup; market: MarketState; now: Date };

/**
 * The client (client-context.ts) and the market's own decision for them (`marketStateAt` of
 * market/market-state.ts, the same as marketStateForClient) over the client and the active schedules, read
 * in ONE statement instead of seven: every order tap asks it, so the bot's rush at the market's opening pays
 * one round trip for it. Nothing is cached.
 */
export async function readSituation(db: Db | Tx, clientId: number, now: Date): Promise<SituationRead> {
  const row = await valuesRow(db, {
    client: clientColumn(clientId),
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
  });
  const { client } = row;
  const lookup = clientLookupOf(client);
  if (!client) return { lookup, market: CLOSED, now };
  const stored = row.schedules;
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
  const target: MarketClient = {
    id: client.id,
    clientType: client.clientType,
    groupId: client.groupId,
    transportationId: client.transportationId,
  };
  return { lookup, market: marketStateAt(schedules, target, now), now };
}
