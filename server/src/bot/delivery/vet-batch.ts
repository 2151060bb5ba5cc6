import type { Db } from "../../db/client.ts";
import type { OrderingService } from "../../modules/ordering/index.ts";
import type { ClaimedRow } from "../../modules/outbox/index.ts";
import { STOCK_BACK_KIND, vetAnnouncements } from "../../modules/stock-waits/index.ts";
import type { Send } from "./record-when-answered.ts";

/**
 * A claimed batch's stock-back messages checked at their turn: one whose wait was cancelled, or whose
 * modification is out of stock for the client again, is answered «withdrawn» at once (its wait's state is the
 * stock waits' to set, vet-announcements.ts) and takes no send slot; every other row goes on.
 */
export async function vetBatch(
  { db, ordering }: { db: Db; ordering: OrderingService },
  rows: ClaimedRow[],
): Promise<{ withdrawn: Send[]; rest: ClaimedRow[] }> {
  const announcements = rows.filter((r) => r.kind === STOCK_BACK_KIND).map((r) => r.id);
  if (announcements.length === 0) return { withdrawn: [], rest: rows };
  const reasons = await vetAnnouncements(db, ordering, announcements);
  const withdrawn: Send[] = [];
  const rest: ClaimedRow[] = [];
  for (const row of rows) {
    const reason = reasons.get(row.id);
    if (reason === undefined) rest.push(row);
    else withdrawn.push({ row, outcome: Promise.resolve({ kind: "withdrawn", error: reason }) });
  }
  return { withdrawn, rest };
}
