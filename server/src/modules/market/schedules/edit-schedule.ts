import type { TMarketSchedule, TMarketScheduleUpdate } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { marketSchedules } from "../../../db/schema/index.ts";
import type { Clock } from "../../../lib/clock.ts";
import { withClosureNotice } from "../market-notices.ts";
import { getSchedule } from "./get-schedule.ts";
import { lockSchedule } from "./lock-schedule.ts";
import { checkTargets, dedupe, writeTargets } from "./schedule-targets.ts";

/** Changes the fields and targeting lists given; clients the change closes the market for get the «end» text. */
export async function editSchedule(
  { db, clock }: { db: Db; clock: Clock },
  id: number,
  input: TMarketScheduleUpdate,
): Promise<TMarketSchedule> {
  return db.transaction(async (tx) => {
    await lockSchedule(tx, id);
    await checkTargets(tx, input);
    await withClosureNotice(tx, id, clock.now(), async () => {
      if (input.name !== undefined || input.is_active !== undefined || input.client_types !== undefined) {
        // Switching a schedule off ends its manual opening or closing: switched on again, it follows its
        // intervals until staff open it by hand once more.
        const switchedOff = input.is_active === false;
        await tx
          .update(marketSchedules)
          .set({
            name: input.name,
            isActive: input.is_active,
            clientTypes: input.client_types && dedupe(input.client_types),
            ...(switchedOff && { isManuallyOpened: false, closeTime: null, closedUntil: null }),
          })
          .where(eq(marketSchedules.id, id));
      }
      await writeTargets(tx, id, input);
    });
    return getSchedule(tx, clock, id);
  });
}
