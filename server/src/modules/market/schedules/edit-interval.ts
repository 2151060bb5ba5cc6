import type { TTimeInterval, TTimeIntervalUpdate } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { marketSchedules, timeIntervals } from "../../../db/schema/index.ts";
import { badRequest, notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { withClosureNotice } from "../market-notices.ts";
import { secondsOfDay } from "../market-rule.ts";
import { INTERVAL_NOT_FOUND, normalizeTime, ZERO_LENGTH } from "./interval-rules.ts";
import { SCHEDULE_NOT_FOUND } from "./lock-schedule.ts";
import { toApiInterval } from "./schedule-view.ts";

/** Changes an interval; clients the change closes the market for get the «end» text. */
export async function editInterval(
  { db, clock }: { db: Db; clock: Clock },
  id: number,
  input: TTimeIntervalUpdate,
): Promise<TTimeInterval> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(timeIntervals).where(eq(timeIntervals.id, id)).for("update");
    if (!current) throw notFound(INTERVAL_NOT_FOUND);
    const start = input.start_time ?? current.startTime;
    const end = input.end_time ?? current.endTime;
    if (secondsOfDay(start) === secondsOfDay(end)) throw badRequest(ZERO_LENGTH, { end_time: [ZERO_LENGTH] });
    if (input.schedule !== undefined && input.schedule !== current.scheduleId) {
      const [target] = await tx
        .select({ id: marketSchedules.id })
        .from(marketSchedules)
        .where(eq(marketSchedules.id, input.schedule));
      if (!target) throw badRequest(SCHEDULE_NOT_FOUND, { schedule: [SCHEDULE_NOT_FOUND] });
    }
    if (Object.values(input).every((v) => v === undefined)) return toApiInterval(current);
    const row = await withClosureNotice(tx, current.scheduleId, clock.now(), async () => {
      const [updated] = await tx
        .update(timeIntervals)
        .set({
          scheduleId: input.schedule,
          startTime: input.start_time && normalizeTime(input.start_time),
          endTime: input.end_time && normalizeTime(input.end_time),
          isActive: input.is_active,
        })
        .where(eq(timeIntervals.id, id))
        .returning();
      return updated ?? current;
    });
    return toApiInterval(row);
  });
}
