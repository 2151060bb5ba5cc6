import { eq } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { marketSchedules } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";

export const SCHEDULE_NOT_FOUND = "Расписание не найдено";

/** Locks a schedule's row for the transaction, refused when there is none. */
export async function lockSchedule(tx: Tx, id: number) {
  const [row] = await tx.select().from(marketSchedules).where(eq(marketSchedules.id, id)).for("update");
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  return row;
}
