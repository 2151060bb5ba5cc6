import { eq } from "drizzle-orm";
import type { NextFunction } from "grammy";
import { botSessions } from "../../db/schema/index.ts";
import type { BotContext } from "../context.ts";
import { type BotSession, initialSession } from "../session-state.ts";

/**
 * Conversation state per chat, read before the update and written after it only when it changed. It is
 * always written to the shared database (never inside the dry run's transaction), so a preview conversation
 * moves on through its steps even though what it does is rolled back.
 */
export async function session(ctx: BotContext, next: NextFunction): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return next();
  const { db, sessionPrefix } = ctx.deps;
  const key = `${sessionPrefix}${chatId}`;
  const [row] = await db.select({ data: botSessions.data }).from(botSessions).where(eq(botSessions.key, key));
  ctx.session = (row?.data as BotSession | undefined) ?? initialSession();
  const before = JSON.stringify(ctx.session);
  await next();
  const after = JSON.stringify(ctx.session);
  if (after === before) return;
  const now = ctx.deps.clock.now();
  await db
    .insert(botSessions)
    .values({ key, data: ctx.session, updatedAt: now })
    .onConflictDoUpdate({ target: botSessions.key, set: { data: ctx.session, updatedAt: now } });
}
