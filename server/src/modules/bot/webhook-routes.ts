import type { FastifyPluginAsync } from "fastify";
import { type Bot, webhookCallback } from "grammy";
import type { BotContext } from "../../bot/context.ts";

/**
 * Telegram's webhook: public, but grammY answers 401 unless the X-Telegram-Bot-Api-Secret-Token header
 * carries the secret given to setWebhook. Updates delivered again after a timeout are skipped by the bot's
 * dedup, so a slow answer never makes an update count twice.
 */
export const webhookRoutes: FastifyPluginAsync<{ bot: Bot<BotContext>; secretToken: string }> = async (
  app,
  { bot, secretToken },
) => {
  const handle = webhookCallback(bot, "fastify", {
    secretToken,
    onTimeout: "return",
    timeoutMilliseconds: 20_000,
  });
  app.post("/bot/webhook/", { config: { access: "public" } }, handle);
};
