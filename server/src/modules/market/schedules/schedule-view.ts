import type { TMarketSchedule, TTimeInterval } from "@wholesale/contract";
import { scheduleTimes } from "../market-rule.ts";
import type { StoredSchedule } from "../market-schedules.ts";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toApiSchedule(s: StoredSchedule, now: Date, nicknames: Map<number, string>): TMarketSchedule {
  const times = scheduleTimes(s, now);
  // A manual opening past its close time is already closed, even before the job has cleared the flag.
  const manuallyOpened = s.isActive && s.isManuallyOpened && (s.closeTime === null || now < s.closeTime);
  return {
    id: s.id,
    name: s.name,
    is_active: s.isActive,
    is_manually_opened: manuallyOpened,
    close_time: manuallyOpened ? iso(s.closeTime) : null,
    is_open: times.open,
    next_open_at: iso(times.nextOpenAt),
    next_close_at: iso(times.nextCloseAt),
    intervals: s.intervals.map((i) => toApiInterval({ ...i, scheduleId: s.id })),
    client_types: [...s.targeting.clientTypes],
    client_groups: [...s.targeting.groupIds],
    transportations: [...s.targeting.transportationIds],
    clients: [...s.targeting.clientIds],
    clients_detail: s.targeting.clientIds.map((id) => ({
      id,
      nickname: nicknames.get(id) ?? `Клиент #${id}`,
    })),
  };
}

export function toApiInterval(i: {
  id: number;
  scheduleId: number;
  startTime: string;
  endTime: string;
  isActive: boolean;
}): TTimeInterval {
  return {
    id: i.id,
    schedule: i.scheduleId,
    start_time: i.startTime,
    end_time: i.endTime,
    is_active: i.isActive,
  };
}
