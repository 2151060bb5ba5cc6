import type { NextFunction } from "grammy";
import type { Db, Tx } from "../../db/client.ts";
import { createBotTextService } from "../../modules/bot-texts/index.ts";
import { createClaimService } from "../../modules/claims/index.ts";
import { createBotRegistrationService } from "../../modules/clients/index.ts";
import { countEach, createOrderingService } from "../../modules/ordering/index.ts";
import { createPreparedListService } from "../../modules/prepared-list/index.ts";
import { createStockWaitService } from "../../modules/stock-waits/index.ts";
import type { BotContext, BotDeps, BotServices } from "../context.ts";

/** The services handlers ask, on one database. */
export function botServices(db: Db | Tx, deps: Pick<BotDeps, "clock" | "metrics" | "pulse">): BotServices {
  const ordering = createOrderingService({
    db,
    clock: deps.clock,
    countAttempt: countEach(deps.metrics?.orderingAttempts, deps.pulse?.countAttempt),
  });
  return {
    texts: createBotTextService({ db }),
    claims: createClaimService({ db }),
    registration: createBotRegistrationService({ db }),
    ordering,
    preparedList: createPreparedListService({ db, clock: deps.clock, ordering }),
    stockWaits: createStockWaitService({ db, clock: deps.clock, ordering }),
  };
}

/**
 * Puts the services on every update: those of the shared database, built once with the bot, or, for the
 * preview's dry run, a set on the update's rolled-back transaction, so a preview's claim or registration is
 * rolled back too.
 */
export function services(shared: BotServices) {
  return async (ctx: BotContext, next: NextFunction): Promise<void> => {
    ctx.services = ctx.db === ctx.deps.db ? shared : botServices(ctx.db, ctx.deps);
    await next();
  };
}
