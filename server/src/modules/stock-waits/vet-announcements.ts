import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stockWaits } from "../../db/schema/index.ts";
import type { OrderingService } from "../ordering/index.ts";

/** Why a stock-back message is not sent, as its outbox row records it. */
export const WITHDRAWN = {
  cancelled: "ожидание отменено",
  gone: "товара снова нет в наличии",
} as const;

/**
 * The stock-back messages of a claimed batch that must not leave, with why: one whose wait was cancelled (or is
 * no longer the one it announced), and one whose modification is no longer in stock for the client (sold out
 * again, hidden, the client banned meanwhile): that wait is pending again, to be told when it is back; a wait the
 * client asked again meanwhile takes its place. In one transaction under the waits' locks, so a cancel or an
 * announcement cannot slip between the check and its consequence. Run just before the rows are sent.
 */
export async function vetAnnouncements(
  db: Db,
  ordering: OrderingService,
  rowIds: readonly number[],
): Promise<Map<number, string>> {
  const withdrawn = new Map<number, string>();
  if (rowIds.length === 0) return withdrawn;
  await db.transaction(async (tx) => {
    const waits = await tx
      .select({
        id: stockWaits.id,
        clientId: stockWaits.clientId,
        modificationId: stockWaits.modificationId,
        outboxId: stockWaits.outboxId,
      })
      .from(stockWaits)
      .where(and(inArray(stockWaits.outboxId, [...rowIds]), eq(stockWaits.state, "announced")))
      .for("update");
    const byRow = new Map(waits.map((w) => [w.outboxId, w]));
    const service = ordering.on({ db: tx });
    const gone: number[] = [];
    for (const rowId of rowIds) {
      const wait = byRow.get(rowId);
      if (!wait) {
        withdrawn.set(rowId, WITHDRAWN.cancelled);
        continue;
      }
      const stock = await service.stockFor(wait.clientId, wait.modificationId);
      if (stock?.inStock) continue;
      withdrawn.set(rowId, WITHDRAWN.gone);
      gone.push(wait.id);
    }
    if (gone.length === 0) return;
    const asked = sql`exists (select 1 from ${stockWaits} p where p.client_id = ${stockWaits.clientId}
      and p.modification_id = ${stockWaits.modificationId} and p.state = 'pending')`;
    await tx.delete(stockWaits).where(and(inArray(stockWaits.id, gone), asked));
    await tx
      .update(stockWaits)
      .set({ state: "pending", announcedAt: null, outboxId: null })
      .where(inArray(stockWaits.id, gone));
  });
  return withdrawn;
}
