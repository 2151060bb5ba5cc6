import { and, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import type { Bindable } from "../../db/fixed-statement.ts";
import { clients } from "../../db/schema/index.ts";

/**
 * Clears the unreachable mark of the client with this Telegram id: the bot runs it with every update from a
 * client, since a client who writes to the bot has unblocked it. A data-modifying WITH, so the bot's first
 * read of the update carries it without a round trip of its own; PostgreSQL runs it whether or not the
 * statement reads it.
 */
export const reachableAgain = (db: Db | Tx, telegramId: Bindable<number>) =>
  db.$with("reachable_again").as(
    db
      .update(clients)
      .set({ telegramUnreachableAt: null })
      .where(and(eq(clients.telegramId, telegramId), isNotNull(clients.telegramUnreachableAt)))
      .returning({ id: clients.id }),
  );
