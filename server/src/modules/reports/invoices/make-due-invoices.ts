import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { clientReports, deletedClientReports, orderPositions, orders } from "../../../db/schema/index.ts";
import type { Clock } from "../../../lib/clock.ts";
import type { SalesSources } from "../../statistics/index.ts";
import { invoiceTotals, type Totals } from "./invoice-totals.ts";
import { makeInvoice } from "./make-invoice.ts";

/**
 * The sums the job last settled a client-day at: its invoice's, or the day's when staff deleted the invoice
 * (undefined when neither: the invoice is owed).
 */
async function settledTotals(tx: Tx, clientId: number, day: string): Promise<Totals | undefined> {
  const [made] = await tx
    .select({ totals: clientReports.totals })
    .from(clientReports)
    .where(and(eq(clientReports.clientId, clientId), eq(clientReports.day, day)));
  if (made) return made.totals;
  const [deleted] = await tx
    .select({ totals: deletedClientReports.totals })
    .from(deletedClientReports)
    .where(and(eq(deletedClientReports.clientId, clientId), eq(deletedClientReports.day, day)));
  return deleted?.totals;
}

/**
 * The invoices the job owes for a day: clients whose every position that day is collected and whose sums
 * differ from those it last settled (no invoice yet, positions changed after it was made, or changed
 * after staff deleted it). Each client is decided and made in one transaction, so a deletion made while
 * the job runs is seen.
 */
export async function makeDueInvoices(
  { db, clock, sources }: { db: Db; clock: Clock; sources: SalesSources },
  day: string,
): Promise<number> {
  const collected = await db
    .select({ clientId: orders.clientId })
    .from(orders)
    .innerJoin(orderPositions, eq(orderPositions.orderId, orders.id))
    .where(eq(orders.openedOn, day))
    .groupBy(orders.clientId)
    .having(sql`bool_and(${orderPositions.status} = 'collected')`);
  let made = 0;
  for (const { clientId } of collected) {
    const owed = await db.transaction(async (tx) => {
      const settled = JSON.stringify(await settledTotals(tx, clientId, day));
      if (settled === JSON.stringify(await invoiceTotals(sources, tx, clientId, day))) return false;
      await makeInvoice({ clock, sources }, tx, clientId, day);
      return true;
    });
    if (owed) made++;
  }
  return made;
}
