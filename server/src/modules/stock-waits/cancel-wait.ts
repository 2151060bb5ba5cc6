import { and, eq, exists, or, sql } from "drizzle-orm";
import { outboxMessages, stockWaits } from "../../db/schema/index.ts";
import { refused } from "../miniapp/index.ts";
import { refusedStanding, type WaitAnswer, type WaitCalls } from "./calls.ts";
import { WAIT_WORDS } from "./words.ts";

/**
 * The client's wait ends: a pending one, or one announced whose message has not left yet (the delivery worker
 * then sends nothing, vet-announcements.ts). Cancelling a wait that is over already changes nothing; another
 * client's wait is not found.
 */
export async function cancelWait(
  { ordering, clock, write }: WaitCalls,
  clientId: number,
  waitId: number,
): Promise<WaitAnswer<null>> {
  const refusal = await refusedStanding(ordering(), clientId);
  if (refusal) return refusal;
  const mine = and(eq(stockWaits.id, waitId), eq(stockWaits.clientId, clientId));
  return write(async (on) => {
    const unsent = exists(
      on
        .select({ one: sql`1` })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.id, stockWaits.outboxId), eq(outboxMessages.status, "pending"))),
    );
    await on
      .update(stockWaits)
      .set({ state: "cancelled", cancelledAt: clock.now() })
      .where(and(mine, or(eq(stockWaits.state, "pending"), and(eq(stockWaits.state, "announced"), unsent))));
    const [found] = await on.select({ id: stockWaits.id }).from(stockWaits).where(mine);
    return found ? { ok: true, value: null } : refused({ code: "not_found", message: WAIT_WORDS.notFound });
  });
}
