import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outboxMessages } from "../../db/schema/index.ts";
import type { OutboxWaiting } from "../../lib/metrics.ts";

/**
 * The rows not yet sent, in one statement over the (status, next_attempt_at) index: how many are due now, how
 * many wait for later (a retry, a 429 pause, a worker's lease), and how long the oldest has waited, on the
 * database's clock. Done rows are not counted: they stay for the retention period and their rate is the sends'.
 */
export async function readOutboxWaiting(db: Db): Promise<OutboxWaiting> {
  const [row] = await db
    .select({
      due: sql<string>`count(*) filter (where ${outboxMessages.nextAttemptAt} <= now())`,
      all: sql<string>`count(*)`,
      oldest: sql<string | null>`extract(epoch from now() - min(${outboxMessages.createdAt}))`,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, "pending"));
  const due = Number(row?.due ?? 0);
  return {
    due,
    deferred: Number(row?.all ?? 0) - due,
    oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}
