import type { TStockWaitList } from "@wholesale/contract";
import { and, eq, gt } from "drizzle-orm";
import { stockWaits } from "../../db/schema/index.ts";
import { refusedStanding, type WaitAnswer, type WaitCalls } from "./calls.ts";
import { readWaits } from "./wait-view.ts";

/** «Мои ожидания»: the client's waits still pending and not run out, the newest first. */
export async function listWaits(
  { db, clock, ordering }: WaitCalls,
  clientId: number,
): Promise<WaitAnswer<TStockWaitList>> {
  const refusal = await refusedStanding(ordering(), clientId);
  if (refusal) return refusal;
  const results = await readWaits(
    db,
    and(
      eq(stockWaits.clientId, clientId),
      eq(stockWaits.state, "pending"),
      gt(stockWaits.expiresAt, clock.now()),
    ),
  );
  return { ok: true, value: { results } };
}
