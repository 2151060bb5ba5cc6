import type {
  TMarketScheduleCreate,
  TMarketScheduleUpdate,
  TOpenMarket,
  TTimeIntervalCreate,
  TTimeIntervalUpdate,
} from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { closeSchedule } from "./schedules/close-schedule.ts";
import { createInterval } from "./schedules/create-interval.ts";
import { createSchedule } from "./schedules/create-schedule.ts";
import { deleteInterval } from "./schedules/delete-interval.ts";
import { deleteSchedule } from "./schedules/delete-schedule.ts";
import { editInterval } from "./schedules/edit-interval.ts";
import { editSchedule } from "./schedules/edit-schedule.ts";
import { getSchedule } from "./schedules/get-schedule.ts";
import { listIntervals } from "./schedules/list-intervals.ts";
import { listSchedules } from "./schedules/list-schedules.ts";
import { openSchedule } from "./schedules/open-schedule.ts";

export type ScheduleService = ReturnType<typeof createScheduleService>;

/** Market schedules and their daily intervals, opened and closed by hand; see market-rule.ts for the rules. */
export function createScheduleService(deps: { db: Db; clock: Clock }) {
  return {
    list: () => listSchedules(deps),
    get: (id: number) => getSchedule(deps.db, deps.clock, id),
    create: (input: TMarketScheduleCreate) => createSchedule(deps, input),
    update: (id: number, input: TMarketScheduleUpdate) => editSchedule(deps, id, input),
    remove: (id: number) => deleteSchedule(deps, id),
    open: (id: number, input: TOpenMarket) => openSchedule(deps, id, input),
    close: (id: number) => closeSchedule(deps, id),
    listIntervals: () => listIntervals(deps.db),
    createInterval: (input: TTimeIntervalCreate) => createInterval(deps.db, input),
    updateInterval: (id: number, input: TTimeIntervalUpdate) => editInterval(deps, id, input),
    removeInterval: (id: number) => deleteInterval(deps, id),
  };
}
