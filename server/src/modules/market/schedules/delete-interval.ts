import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { timeIntervals } from "../../../db/schema/index.ts";
import { notFound } from "../../../http/errors.ts";
import type { Clock } from "../../../lib/clock.ts";
import { withClosureNotice } from "../market-notices.ts";
import { INTERVAL_NOT_FOUND } from "./interval-rules.ts";

/** Deletes an interval; clients it leaves without an open market get the «end» text. */
export async function deleteInterval({ db, clock }: { db: Db; clock: Clock }, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(timeIntervals).where(eq(timeIntervals.id, id)).for("update");
    if (!current) throw notFound(INTERVAL_NOT_FOUND);
    await withClosureNotice(tx, current.scheduleId, clock.now(), () =>
      tx.delete(timeIntervals).where(eq(timeIntervals.id, id)),
    );
  });
}
