import { and, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { clients } from "../../db/schema/index.ts";

/**
 * Clears the client's unreachable mark: the bot calls this on every update from the client, since a
 * client who writes to the bot has unblocked it. Cheap when there is nothing to clear.
 */
export async function markClientReachable(db: Db | Tx, clientId: number): Promise<void> {
  await db
    .update(clients)
    .set({ telegramUnreachableAt: null })
    .where(and(eq(clients.id, clientId), isNotNull(clients.telegramUnreachableAt)));
}
