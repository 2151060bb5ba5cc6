import type { TTimeInterval } from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import { timeIntervals } from "../../../db/schema/index.ts";
import { toApiInterval } from "./schedule-view.ts";

/** Every schedule's intervals, by schedule and start. */
export async function listIntervals(db: Db): Promise<TTimeInterval[]> {
  const rows = await db
    .select()
    .from(timeIntervals)
    .orderBy(timeIntervals.scheduleId, timeIntervals.startTime, timeIntervals.id);
  return rows.map(toApiInterval);
}
