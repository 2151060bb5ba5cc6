import type { TMarketSchedule, TOpenMarket } from "@wholesale/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { marketSchedules } from "../../../db/schema/index.ts";
import { badRequest, conflict } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { getSchedule } from "./get-schedule.ts";
import { lockSchedule } from "./lock-schedule.ts";

/** An ISO moment with an offset, or a datetime-local value read as Moscow time (UTC+3 all year). */
export function parseMarketMoment(value: string): Date {
  return new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}+03:00`);
}

/** Opens by hand until `close_time` (or until closed); an earlier manual close is lifted. */
export async function openSchedule(
  { db, clock }: { db: Db; clock: Clock },
  id: number,
  input: TOpenMarket,
): Promise<TMarketSchedule> {
  const now = clock.now();
  const closeTime = input.close_time === null ? null : parseMarketMoment(input.close_time);
  if (closeTime !== null && closeTime <= now) {
    throw badRequest("Время закрытия должно быть позже текущего времени", {
      close_time: ["Время закрытия должно быть позже текущего времени"],
    });
  }
  return db.transaction(async (tx) => {
    const row = await lockSchedule(tx, id);
    if (!row.isActive) throw conflict("Расписание выключено: включите «Активно», чтобы открыть маркет");
    // A schedule open by hand already keeps the moment it opened: a new close time extends that opening.
    const openAlready = row.isManuallyOpened && (row.closeTime === null || row.closeTime > now);
    await tx
      .update(marketSchedules)
      .set({
        isManuallyOpened: true,
        closeTime,
        closedUntil: null,
        openedAt: openAlready ? row.openedAt : now,
      })
      .where(eq(marketSchedules.id, id));
    return getSchedule(tx, clock, id);
  });
}
