import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { modifications, stockWaits } from "../../db/schema/index.ts";
import type { ModificationView, OrderingService } from "../ordering/index.ts";
import { openingLines } from "./announcement.ts";

/**
 * For the market's opening notice (the «preStart» text, queued in `tx`): the waits of its recipients whose
 * modification is back for them go as lines of that notice rather than messages of their own, announced in
 * the notice's transaction. Waits another pass holds at the moment are left to it (SKIP LOCKED). Answers each
 * client's lines.
 */
export async function announceAtOpening(
  tx: Tx,
  ordering: OrderingService,
  clientIds: readonly number[],
  now: Date,
): Promise<Map<number, string>> {
  const lines = new Map<number, string>();
  if (clientIds.length === 0) return lines;
  const waits = await tx
    .select({ id: stockWaits.id, clientId: stockWaits.clientId, modificationId: stockWaits.modificationId })
    .from(stockWaits)
    .innerJoin(modifications, eq(modifications.id, stockWaits.modificationId))
    .where(
      and(
        inArray(stockWaits.clientId, [...clientIds]),
        eq(stockWaits.state, "pending"),
        gt(stockWaits.expiresAt, now),
        gt(modifications.quantity, 0),
      ),
    )
    .orderBy(asc(stockWaits.clientId), asc(stockWaits.id))
    .for("update", { of: stockWaits, skipLocked: true });
  const service = ordering.on({ db: tx });
  const told: number[] = [];
  const cards = new Map<number, ModificationView[]>();
  for (const wait of waits) {
    const stock = await service.stockFor(wait.clientId, wait.modificationId);
    if (!stock?.inStock) continue;
    told.push(wait.id);
    cards.set(wait.clientId, [...(cards.get(wait.clientId) ?? []), stock.card]);
  }
  if (told.length === 0) return lines;
  await tx
    .update(stockWaits)
    .set({ state: "announced", announcedAt: now })
    .where(inArray(stockWaits.id, told));
  for (const [clientId, own] of cards) lines.set(clientId, openingLines(own));
  return lines;
}
