import type { TMarketSchedule } from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import type { Clock } from "../../../lib/clock.ts";
import { loadMarketSchedules } from "../market-schedules.ts";
import { showSchedules } from "./get-schedule.ts";

/** Every schedule as the API shows it. */
export async function listSchedules({ db, clock }: { db: Db; clock: Clock }): Promise<TMarketSchedule[]> {
  return showSchedules(db, clock, await loadMarketSchedules(db));
}
