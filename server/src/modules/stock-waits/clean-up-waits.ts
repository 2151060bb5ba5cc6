import { STOCK_WAIT_DAYS } from "@wholesale/contract";
import { inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stockWaits } from "../../db/schema/index.ts";

/** Waits are kept this long after they were asked (twice their run), then deleted: all are over by then. */
const KEPT_MS = 2 * STOCK_WAIT_DAYS * 24 * 60 * 60 * 1000;

/** Deletes waits asked longer ago than they are kept, a bounded number at a time. */
export async function cleanUpWaits(db: Db, now: Date, limit = 10_000): Promise<number> {
  const old = db
    .select({ id: stockWaits.id })
    .from(stockWaits)
    .where(lt(stockWaits.createdAt, new Date(now.getTime() - KEPT_MS)))
    .limit(limit);
  const deleted = await db
    .delete(stockWaits)
    .where(inArray(stockWaits.id, old))
    .returning({ id: stockWaits.id });
  return deleted.length;
}
