import { and, eq, lte, max } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { marketSchedules } from "../../db/schema/index.ts";
import { addDays, businessDay } from "../../lib/business-time.ts";
import { reachableClients } from "./market-notices.ts";
import { isMarketOpenFor, momentOf } from "./market-rule.ts";
import { loadMarketSchedules } from "./market-schedules.ts";

const DAY_MS = 86_400_000;

/**
 * What «Открытие маркета» reads of the market's schedules, loaded once: the latest opening at or before a moment,
 * and how many clients the market is open for at one.
 */
export async function openingFacts(db: Db) {
  const schedules = await loadMarketSchedules(db, { activeOnly: true });
  return {
    /**
     * The later of a hand opening of an active schedule and the start of an active interval within the last day.
     * A hand opening keeps when it began (`opened_at`); an interval's start is the moment its occurrence opened.
     * Null when neither is there (nothing opened within a day, by hand never).
     */
    async lastOpening(now: Date): Promise<Date | null> {
      const [byHand] = await db
        .select({ at: max(marketSchedules.openedAt) })
        .from(marketSchedules)
        .where(and(eq(marketSchedules.isActive, true), lte(marketSchedules.openedAt, now)));
      let latest = byHand?.at ? new Date(byHand.at).getTime() : Number.NEGATIVE_INFINITY;
      const today = businessDay(now);
      for (const schedule of schedules) {
        for (const interval of schedule.intervals) {
          if (!interval.isActive || interval.startSeconds === interval.endSeconds) continue;
          for (const day of [addDays(today, -1), today]) {
            const start = momentOf(day, interval.startSeconds).getTime();
            if (start <= now.getTime() && start > now.getTime() - DAY_MS) latest = Math.max(latest, start);
          }
        }
      }
      return Number.isFinite(latest) ? new Date(latest) : null;
    },
    /** The clients the market is open for at `at`, of those a notice reaches (active, not banned, with a chat). */
    async clientsOpenFor(at: Date): Promise<number> {
      return (await reachableClients(db)).filter((client) => isMarketOpenFor(schedules, client, at)).length;
    },
  };
}
