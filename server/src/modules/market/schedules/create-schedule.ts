import type { TMarketSchedule, TMarketScheduleCreate } from "@wholesale/contract";
import type { Db } from "../../../db/client.ts";
import { marketSchedules } from "../../../db/schema/index.ts";
import { AppError } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { getSchedule } from "./get-schedule.ts";
import { checkTargets, dedupe, writeTargets } from "./schedule-targets.ts";

/** A new schedule with its targeting, refused when a target does not exist. */
export async function createSchedule(
  { db, clock }: { db: Db; clock: Clock },
  input: TMarketScheduleCreate,
): Promise<TMarketSchedule> {
  return db.transaction(async (tx) => {
    await checkTargets(tx, input);
    const [row] = await tx
      .insert(marketSchedules)
      .values({ name: input.name, isActive: input.is_active, clientTypes: dedupe(input.client_types) })
      .returning({ id: marketSchedules.id });
    if (!row) throw new AppError("server_error", "Не удалось создать расписание");
    await writeTargets(tx, row.id, input);
    return getSchedule(tx, clock, row.id);
  });
}
