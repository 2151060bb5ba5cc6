import type { TClientReportQuery } from "@wholesale/contract";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { rollupSources, type SalesSources } from "../statistics/index.ts";
import { deleteInvoice } from "./invoices/delete-invoice.ts";
import { getInvoiceFile } from "./invoices/get-invoice-file.ts";
import { invoiceTotals } from "./invoices/invoice-totals.ts";
import { listInvoices } from "./invoices/list-invoices.ts";
import { makeDueInvoices } from "./invoices/make-due-invoices.ts";
import { makeInvoice } from "./invoices/make-invoice.ts";

export type InvoiceService = ReturnType<typeof createInvoiceService>;

/**
 * Invoices (накладные): one per client per business day, with the positions, prices and sums per currency.
 * The job makes one once every position of the client's day is collected (and makes it again if the day's
 * sums change afterwards); staff can make one at any moment. Stored in the database like every report.
 */
export function createInvoiceService({
  db,
  clock,
  sources = rollupSources(),
}: {
  db: Db;
  clock: Clock;
  sources?: SalesSources;
}) {
  const deps = { db, clock, sources };
  return {
    generate: (clientId: number, day: string) => db.transaction((tx) => makeInvoice(deps, tx, clientId, day)),
    /** The sums per currency a client-day's invoice states (its only figures that come from the rollups). */
    totals: (clientId: number, day: string) => invoiceTotals(sources, db, clientId, day),
    generateDue: (day: string) => makeDueInvoices(deps, day),
    list: (query: TClientReportQuery) => listInvoices(db, query),
    file: (id: number) => getInvoiceFile(db, id),
    remove: (id: number) => deleteInvoice(deps, id),
  };
}
