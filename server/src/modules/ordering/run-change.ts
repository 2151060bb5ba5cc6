import type { Db, Tx } from "../../db/client.ts";
import type { UpdateReceipt } from "../../db/handled-updates.ts";
import type { ClientReads } from "./client-reads.ts";
import { validQuantity } from "./rules/limits.ts";
import { badQuantity } from "./rules/messages.ts";
import type { Situation } from "./rules/weighing.ts";
import { lockClientPace, spendChange, tooFast } from "./statements/order-rate.ts";
import { Refused } from "./statements/positions.ts";
import type { Refusal } from "./types.ts";

/**
 * Runs a change of a position of the client's order (its quantity, or its removal) in a transaction that
 * first takes the client's row of order_rate_buckets (order-rate.ts `lockClientPace`: one client's changes
 * never interleave) and counts the change; a refusal, thrown by the work, rolls everything back. A change
 * given a quantity is paced by the client's allowance, its refused tries too; the quantity is checked after
 * the client's standing, as previews check it. (An add goes without a transaction: add-position.ts.)
 */
export async function runChange<T>(
  { db, receipt, reads }: { db: Db; receipt: UpdateReceipt | undefined; reads: ClientReads },
  clientId: number,
  quantity: number | null,
  work: (tx: Tx, s: Situation) => Promise<T>,
): Promise<{ ok: true; value: T; s: Situation } | Refusal> {
  const paced = quantity !== null;
  const s = await reads.situation(clientId);
  if ("ok" in s) return s;
  let spent = false;
  try {
    const value = await db.transaction(async (tx) => {
      if (!(await lockClientPace(tx, clientId, s.now, paced))) throw new Refused(tooFast);
      spent = paced;
      if (quantity !== null && !validQuantity(quantity)) throw new Refused(badQuantity);
      return work(tx, s);
    });
    receipt?.committed();
    return { ok: true, value, s };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (spent) await spendChange(db, clientId, s.now);
    return error.refusal;
  }
}
