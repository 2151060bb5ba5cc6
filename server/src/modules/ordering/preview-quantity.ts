import type { Db } from "../../db/client.ts";
import type { ClientReads } from "./client-reads.ts";
import { validQuantity } from "./rules/limits.ts";
import { badQuantity } from "./rules/messages.ts";
import type { Situation } from "./rules/weighing.ts";
import { spendQuote, tooFast } from "./statements/order-rate.ts";
import type { Refusal } from "./types.ts";

/**
 * A preview of `quantity` for a client who may order now. A preview answers whether the stock holds a
 * quantity: it is paced as adds are (order-rate.ts spendQuote).
 */
export async function previewQuantity<T>(
  { db, reads }: { db: Db; reads: ClientReads },
  clientId: number,
  quantity: number,
  preview: (s: Situation) => Promise<T>,
): Promise<T | Refusal> {
  const s = await reads.situation(clientId);
  if ("ok" in s) return s;
  if (!validQuantity(quantity)) return badQuantity;
  if (!(await spendQuote(db, clientId, s.now))) return tooFast;
  return preview(s);
}
