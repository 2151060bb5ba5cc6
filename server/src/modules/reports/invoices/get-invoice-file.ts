import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientReports } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";

/** An invoice's workbook and the file name it downloads under. */
export async function getInvoiceFile(db: Db, id: number): Promise<{ name: string; file: Buffer }> {
  const [row] = await db
    .select({ name: clientReports.name, file: clientReports.file })
    .from(clientReports)
    .where(eq(clientReports.id, id));
  if (!row) throw notFound("Накладная не найдена");
  return row;
}
