import { ZTelegramUpdateSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Bot, webhookCallback } from "grammy";
import type { BotContext } from "./context.ts";

/**
 * Telegram's webhook: public, but grammY answers 401 unless the X-Telegram-Bot-Api-Secret-Token header
 * carries the secret given to setWebhook. A body that is no update (not an object with an integer
 * `update_id`) is a 400. Updates delivered again after a timeout are skipped by the bot's dedup, so a slow
 * answer never makes an update count twice.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ bot: Bot<BotContext>; secretToken: string }> = async (
  app,
  { bot, secretToken },
) => {
  const handle = webhookCallback(bot, "fastify", {
    secretToken,
    onTimeout: "return",
    timeoutMilliseconds: 20_000,
  });
  app.post(
    "/bot/webhook/",
    { config: { access: "public" }, schema: { body: ZTelegramUpdateSchema } },
    handle,
  );
};
