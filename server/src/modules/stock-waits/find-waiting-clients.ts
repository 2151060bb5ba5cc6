import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { stockWaits } from "../../db/schema/index.ts";
import { waitingFor } from "./count-waiting.ts";

/**
 * The clients waiting for any of `modificationIds`: an import that brings them back says how many will hear.
 * One row, the ids aggregated: an offers file's batch asks it inside its transaction, thousands of waits a time.
 */
export async function findWaitingClients(db: Db | Tx, modificationIds: readonly number[]): Promise<number[]> {
  if (modificationIds.length === 0) return [];
  const [row] = await db
    .select({ ids: sql<number[]>`coalesce(array_agg(distinct ${stockWaits.clientId}), '{}')` })
    .from(stockWaits)
    .where(waitingFor(modificationIds));
  return (row?.ids ?? []).map(Number);
}
