import type { NextFunction } from "grammy";
import { botUserStanding } from "../../modules/clients/bot-registration.ts";
import { reachableAgain } from "../../modules/messaging/reachability.ts";
import type { BotContext } from "../context.ts";

/** Who is writing: unknown, waiting for confirmation, or a client; a client who writes is reachable again. */
export async function standing(ctx: BotContext, next: NextFunction): Promise<void> {
  const from = ctx.from;
  if (!from || from.is_bot) return;
  ctx.standing = await botUserStanding(ctx.db, from.id, reachableAgain(ctx.db, from.id));
  await next();
}
