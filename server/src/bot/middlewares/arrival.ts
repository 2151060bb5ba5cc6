import { sql } from "drizzle-orm";
import type { NextFunction } from "grammy";
import { botSessions, botUpdates } from "../../db/schema/index.ts";
import { valuesRow } from "../../db/values-row.ts";
import { standingColumn, standingOf } from "../../modules/clients/bot-registration.ts";
import { reachableAgain } from "../../modules/messaging/reachability.ts";
import type { BotContext } from "../context.ts";
import { type BotSession, initialSession } from "../session-state.ts";

/**
 * An update arrives: it is taken once, and its chat's conversation state and who is writing are read, in one
 * statement.
 *
 * Taking once: the first instance to record the update's id handles it; a second delivery (a webhook retried
 * after a timeout, a poller that died before confirming) is skipped. An update that fails after being taken
 * is not retried, so nothing it did happens twice. The preview's made-up updates are not recorded.
 *
 * Who is writing (`ctx.standing`): unknown, waiting for confirmation, or a client. A client who writes has
 * unblocked the bot, so the same statement clears their unreachable mark; the preview's made-up updates are
 * staff's, not the client's, and leave it alone, as does a change of the bot's membership (middlewares/standing.ts).
 * Read before the dry run's transaction opens: a transaction that has done nothing yet sees the same.
 *
 * Conversation state per user (in their private chat) is written after the update only when it changed, and not when the update ran
 * past its time (the guard's `timedOut`). It always lives in the shared database (never inside the dry run's
 * transaction), so a preview conversation moves on through its steps even though what it does is rolled back.
 */
export async function arrival(ctx: BotContext, next: NextFunction): Promise<void> {
  const { db, sessionPrefix, dedupUpdates, preview } = ctx.deps;
  // The private chat's own user (middlewares/private-chat.ts): their session is the chat's.
  const userId = ctx.from?.id;
  const key = userId === undefined ? null : `${sessionPrefix}${userId}`;
  const writer = ctx.from && !ctx.from.is_bot ? ctx.from.id : null;
  const taken = dedupUpdates
    ? db
        .$with("taken")
        .as(
          db
            .insert(botUpdates)
            .values({ updateId: ctx.update.update_id })
            .onConflictDoNothing()
            .returning({ updateId: botUpdates.updateId }),
        )
    : null;
  const cleared = writer !== null && !preview && !ctx.myChatMember ? reachableAgain(db, writer) : null;
  const row = await valuesRow(
    db,
    {
      taken: taken ? sql<boolean>`exists (select 1 from ${taken})` : sql<boolean>`true`,
      data: sql<BotSession | null>`(select ${botSessions.data} from ${botSessions} where ${botSessions.key} = ${key})`,
      standing: writer === null ? sql<null>`null` : standingColumn(writer),
    },
    ...[taken, cleared].filter((query) => query !== null),
  );
  if (!row.taken) return;
  ctx.standing = standingOf(row.standing);
  if (key === null) return next();

  ctx.session = row.data ?? initialSession();
  const before = JSON.stringify(ctx.session);
  await next();
  const after = JSON.stringify(ctx.session);
  // A timed-out update was apologised for and its chat's next update may have read the session since:
  // writing this one's late would overwrite the newer state.
  if (after === before || ctx.timedOut) return;
  const now = ctx.deps.clock.now();
  await db
    .insert(botSessions)
    .values({ key, data: ctx.session, updatedAt: now })
    .onConflictDoUpdate({ target: botSessions.key, set: { data: ctx.session, updatedAt: now } });
}
