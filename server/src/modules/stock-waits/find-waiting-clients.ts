import type { Db, Tx } from "../../db/client.ts";
import { stockWaits } from "../../db/schema/index.ts";
import { waitingFor } from "./count-waiting.ts";

/** The clients waiting for any of `modificationIds`: an import that brings them back says how many will hear. */
export async function findWaitingClients(db: Db | Tx, modificationIds: readonly number[]): Promise<number[]> {
  if (modificationIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ clientId: stockWaits.clientId })
    .from(stockWaits)
    .where(waitingFor(modificationIds));
  return rows.map((r) => r.clientId);
}
