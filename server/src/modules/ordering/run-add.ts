import type { Db } from "../../db/client.ts";
import type { UpdateReceipt } from "../../db/handled-updates.ts";
import type { ClientReads } from "./client-reads.ts";
import { positionResult } from "./position-result.ts";
import { validQuantity } from "./rules/limits.ts";
import { badQuantity } from "./rules/messages.ts";
import type { Situation } from "./rules/weighing.ts";
import { spendChange, tooFast } from "./statements/order-rate.ts";
import type { Changed } from "./statements/positions.ts";
import type { PositionResult, Refusal } from "./types.ts";

/**
 * An add of `quantity` by `add` for a client who may order now: a quantity no add takes is a refused try (its
 * pace spent, the bot's update recorded with it).
 */
export async function runAdd(
  { db, receipt, reads }: { db: Db; receipt: UpdateReceipt | undefined; reads: ClientReads },
  clientId: number,
  quantity: number,
  add: (s: Situation) => Promise<Changed | Refusal>,
): Promise<PositionResult> {
  const s = await reads.situation(clientId);
  if ("ok" in s) return s;
  if (!validQuantity(quantity)) {
    const allowed = await spendChange(db, clientId, s.now, receipt);
    return allowed ? badQuantity : tooFast;
  }
  const done = await add(s);
  return "ok" in done ? done : positionResult(s, done);
}
