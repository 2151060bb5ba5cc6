import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { clientMessages } from "../../../db/schema/index.ts";
import type { Clock } from "../../../lib/clock.ts";
import { queueMessage } from "./queue-message.ts";

/**
 * Turns scheduled messages whose time has come into outbox rows. Each message is locked with SKIP
 * LOCKED and marked sent in the transaction that queues it, so across instances it is queued exactly
 * once. Returns how many messages were queued.
 */
export async function releaseDueMessages({ db, clock }: { db: Db; clock: Clock }): Promise<number> {
  const now = clock.now();
  let released = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(clientMessages)
        .where(and(eq(clientMessages.sent, false), lte(clientMessages.sendTime, now)))
        .orderBy(asc(clientMessages.sendTime), asc(clientMessages.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return false;
      await queueMessage(tx, due, now);
      return true;
    });
    if (!done) return released;
    released += 1;
  }
}
