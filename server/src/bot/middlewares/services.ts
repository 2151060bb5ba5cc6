import type { NextFunction } from "grammy";
import { createBotTextService } from "../../modules/bot-texts/index.ts";
import { createClaimService } from "../../modules/claims/index.ts";
import { createBotRegistrationService } from "../../modules/clients/index.ts";
import type { BotContext } from "../context.ts";

/**
 * The services handlers ask (besides `ordering`, which the client area adds), each on this update's database:
 * the shared one, or the preview's dry-run transaction, so a preview's claim or registration is rolled back.
 */
export async function services(ctx: BotContext, next: NextFunction): Promise<void> {
  ctx.texts = createBotTextService({ db: ctx.db });
  ctx.claims = createClaimService({ db: ctx.db });
  ctx.registration = createBotRegistrationService({ db: ctx.db });
  await next();
}
