import { sql } from "drizzle-orm";
import type { NextFunction } from "grammy";
import { botSessions, botUpdates } from "../../db/schema/index.ts";
import type { BotContext } from "../context.ts";
import { type BotSession, initialSession } from "../session-state.ts";

/**
 * An update arrives: it is taken once and its chat's conversation state is read, in one statement.
 *
 * Taking once: the first instance to record the update's id handles it; a second delivery (a webhook retried
 * after a timeout, a poller that died before confirming) is skipped. An update that fails after being taken
 * is not retried, so nothing it did happens twice. The preview's made-up updates are not recorded.
 *
 * Conversation state per chat is written after the update only when it changed, and not when the update ran
 * past its time (the guard's `timedOut`). It always lives in the shared database (never inside the dry run's
 * transaction), so a preview conversation moves on through its steps even though what it does is rolled back.
 */
export async function arrival(ctx: BotContext, next: NextFunction): Promise<void> {
  const { db, sessionPrefix, dedupUpdates } = ctx.deps;
  const chatId = ctx.chat?.id;
  const key = chatId === undefined ? null : `${sessionPrefix}${chatId}`;
  const taken = db
    .$with("taken")
    .as(
      db
        .insert(botUpdates)
        .values({ updateId: ctx.update.update_id })
        .onConflictDoNothing()
        .returning({ updateId: botUpdates.updateId }),
    );
  const stored = sql<BotSession | null>`(select ${botSessions.data} from ${botSessions} where ${botSessions.key} = ${key})`;
  const [row] = dedupUpdates
    ? await db
        .with(taken)
        .select({ taken: sql<boolean>`exists (select 1 from ${taken})`, data: stored })
        .from(sql`(values (1)) as arrival`)
    : await db.select({ taken: sql<boolean>`true`, data: stored }).from(sql`(values (1)) as arrival`);
  if (!row?.taken) return;
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
