import type { TTimeInterval, TTimeIntervalCreate } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { marketSchedules, timeIntervals } from "../../../db/schema/index.ts";
import { AppError, badRequest } from "../../../http/errors.ts";
import { secondsOfDay } from "../market-rule.ts";
import { normalizeTime, ZERO_LENGTH } from "./interval-rules.ts";
import { SCHEDULE_NOT_FOUND } from "./lock-schedule.ts";
import { toApiInterval } from "./schedule-view.ts";

/** A new interval of a schedule; a zero-length one is refused. */
export async function createInterval(db: Db, input: TTimeIntervalCreate): Promise<TTimeInterval> {
  if (secondsOfDay(input.start_time) === secondsOfDay(input.end_time)) {
    throw badRequest(ZERO_LENGTH, { end_time: [ZERO_LENGTH] });
  }
  return db.transaction(async (tx) => {
    const [schedule] = await tx
      .select({ id: marketSchedules.id })
      .from(marketSchedules)
      .where(eq(marketSchedules.id, input.schedule))
      .for("update");
    if (!schedule) throw badRequest(SCHEDULE_NOT_FOUND, { schedule: [SCHEDULE_NOT_FOUND] });
    const [row] = await tx
      .insert(timeIntervals)
      .values({
        scheduleId: input.schedule,
        startTime: normalizeTime(input.start_time),
        endTime: normalizeTime(input.end_time),
        isActive: input.is_active,
      })
      .returning();
    if (!row) throw new AppError("server_error", "Не удалось создать интервал");
    return toApiInterval(row);
  });
}
