import type { Db } from "../../db/client.ts";
import { reserveSlots } from "../../modules/outbox/index.ts";
import type { DatabaseClock } from "./database-clock.ts";
import { release } from "./outcome.ts";

/** An idle pace's first slot is this far ahead, so that the reservation's answer is heard before it. */
const RESERVE_LEAD_MS = 50;

/** The answer for rows that got no slot: they are given back rather than sent unpaced. */
export const unpaced = release("не удалось занять время отправки");

/**
 * Reserves send slots; returns when the first one is, on this process's clock. When the database cannot,
 * nothing: the rows are given back rather than sent unpaced.
 */
export async function reserveSendSlots(
  {
    db,
    clock,
    intervalMs,
    onError,
  }: { db: Db; clock: DatabaseClock; intervalMs: number; onError: (error: unknown, context: string) => void },
  count: number,
): Promise<number | undefined> {
  try {
    await clock.refresh();
    const sentAt = Date.now();
    const { firstSlot, now } = await reserveSlots(db, count, intervalMs, RESERVE_LEAD_MS);
    clock.observe(now, sentAt, Date.now());
    return clock.toLocal(firstSlot);
  } catch (error) {
    onError(error, "pace");
    return undefined;
  }
}
