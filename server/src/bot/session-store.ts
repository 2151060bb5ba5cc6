import type { WithSubquery } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { botSessions } from "../db/schema/index.ts";
import type { BotContext } from "./context.ts";

/** Whether the update changed its session since it was read or last written. */
export const sessionChanged = (ctx: BotContext) => JSON.stringify(ctx.session) !== ctx.storedSession.json;

/** Writes the update's session, with `ctes` (the update's record) riding on the same statement. */
export async function writeSession(db: Db | Tx, ctx: BotContext, ...ctes: WithSubquery[]): Promise<void> {
  const now = ctx.deps.clock.now();
  await db
    .with(...ctes)
    .insert(botSessions)
    .values({ key: ctx.storedSession.key, data: ctx.session, updatedAt: now })
    .onConflictDoUpdate({ target: botSessions.key, set: { data: ctx.session, updatedAt: now } });
  ctx.storedSession.json = JSON.stringify(ctx.session);
}
