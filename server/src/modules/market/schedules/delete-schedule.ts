import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { marketSchedules } from "../../../db/schema/index.ts";
import type { Clock } from "../../../lib/clock.ts";
import { withClosureNotice } from "../market-notices.ts";
import { lockSchedule } from "./lock-schedule.ts";

/** Deletes a schedule; clients it leaves without an open market get the «end» text. */
export async function deleteSchedule({ db, clock }: { db: Db; clock: Clock }, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSchedule(tx, id);
    await withClosureNotice(tx, id, clock.now(), () =>
      tx.delete(marketSchedules).where(eq(marketSchedules.id, id)),
    );
  });
}
