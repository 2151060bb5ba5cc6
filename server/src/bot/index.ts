import { sequentialize } from "@grammyjs/runner";
import { Bot, type BotConfig } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { BotContext, BotDeps } from "./context.ts";
import { catalogue, search, typedQuantity } from "./features/catalogue.ts";
import { fallback } from "./features/fallback.ts";
import { claimText, info } from "./features/info.ts";
import { myOrder, typedChange } from "./features/order.ts";
import { preparedList } from "./features/prepared-list.ts";
import { clientStart, registration } from "./features/registration.ts";
import { stockWaits } from "./features/stock-waits.ts";
import { unknownCommand } from "./features/unknown-command.ts";
import { arrival } from "./middlewares/arrival.ts";
import { clientArea } from "./middlewares/client-area.ts";
import { dryRun } from "./middlewares/dry-run.ts";
import { guard } from "./middlewares/guard.ts";
import { privateChat } from "./middlewares/private-chat.ts";
import { botServices, services } from "./middlewares/services.ts";
import { standing } from "./middlewares/standing.ts";

export type { BotContext, BotDeps } from "./context.ts";

/**
 * The client bot, read top to bottom: the dependencies on every context, then the cross-cutting middlewares
 * in order (time bound and apology, private chats only, taking each update once with its conversation state,
 * the dry run's transaction, who is writing), then one composer per feature. Handlers only turn updates into service calls and
 * results into messages: every rule lives in the services.
 */
export function createBot(
  token: string,
  deps: BotDeps,
  options: { botInfo?: UserFromGetMe; client?: BotConfig<BotContext>["client"] } = {},
): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, { botInfo: options.botInfo, client: options.client });

  bot.use((ctx, next) => {
    ctx.deps = deps;
    return next();
  });
  // The runner handles updates concurrently; one chat's updates go in order, so its session is never raced.
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  bot.use(guard);
  bot.use(privateChat);
  bot.use(arrival);
  bot.use(dryRun);
  bot.use(services(botServices(deps.db, deps)));
  bot.use(standing);

  bot.use(registration);
  const client = bot.use(clientArea);
  client.use(clientStart);
  client.use(info);
  client.use(catalogue);
  client.use(myOrder);
  client.use(preparedList);
  client.use(stockWaits);
  client.use(unknownCommand);
  client.use(claimText);
  client.use(typedQuantity);
  client.use(typedChange);
  client.use(search);
  client.use(fallback);

  // The guard answers every error; this only catches what escapes it (the apology itself failing).
  bot.catch((error) =>
    deps.log.error({ err: error.error, updateId: error.ctx.update.update_id }, "bot error"),
  );
  return bot;
}
