import type { TMarketSchedule } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { marketSchedules } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { withClosureNotice } from "../market-notices.ts";
import { HORIZON_DAYS, isScheduleOpenAt, nextMomentWhere } from "../market-rule.ts";
import { loadMarketSchedules } from "../market-schedules.ts";
import { getSchedule } from "./get-schedule.ts";
import { lockSchedule, SCHEDULE_NOT_FOUND } from "./lock-schedule.ts";

/**
 * Closes now: ends a manual opening, and inside an interval keeps the intervals shut until that
 * opening would have ended. Clients it leaves without an open market get the «end» text.
 */
export async function closeSchedule(
  { db, clock }: { db: Db; clock: Clock },
  id: number,
): Promise<TMarketSchedule> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await lockSchedule(tx, id);
    await withClosureNotice(tx, id, now, async () => {
      const [s] = await loadMarketSchedules(tx, { ids: [id] });
      if (!s) throw notFound(SCHEDULE_NOT_FOUND);
      const byIntervals = { ...s, isManuallyOpened: false, closeTime: null, closedUntil: null };
      const isOpen = (at: Date) => isScheduleOpenAt(byIntervals, at);
      const closedUntil = isOpen(now)
        ? (nextMomentWhere([byIntervals], now, isOpen, false) ??
          new Date(now.getTime() + HORIZON_DAYS * 86_400_000))
        : null;
      await tx
        .update(marketSchedules)
        .set({ isManuallyOpened: false, closeTime: null, closedUntil })
        .where(eq(marketSchedules.id, id));
    });
    return getSchedule(tx, clock, id);
  });
}
