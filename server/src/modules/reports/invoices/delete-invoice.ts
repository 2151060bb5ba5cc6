import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientReports, deletedClientReports } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import type { SalesSources } from "../../statistics/index.ts";
import { invoiceTotals } from "./invoice-totals.ts";

/** Deletes an invoice and remembers the day's sums, so the job does not make it again (docs/back-office.md, «Statistics, reports and the home page»). */
export async function deleteInvoice(
  { db, clock, sources }: { db: Db; clock: Clock; sources: SalesSources },
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(clientReports)
      .where(eq(clientReports.id, id))
      .returning({ clientId: clientReports.clientId, day: clientReports.day });
    if (!row) throw notFound("Накладная не найдена");
    // A deleted client's invoice has no client left to order again.
    if (row.clientId === null) return;
    const deleted = {
      totals: await invoiceTotals(sources, tx, row.clientId, row.day),
      deletedAt: clock.now(),
    };
    await tx
      .insert(deletedClientReports)
      .values({ clientId: row.clientId, day: row.day, ...deleted })
      .onConflictDoUpdate({
        target: [deletedClientReports.clientId, deletedClientReports.day],
        set: deleted,
      });
  });
}
