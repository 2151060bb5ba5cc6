import { timingSafeEqual } from "node:crypto";
import { ZTelegramUpdateSchema } from "@wholesale/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Bot, webhookCallback } from "grammy";
import { AppError } from "../http/errors.ts";
import type { BotContext } from "./context.ts";

const SECRET_HEADER = "x-telegram-bot-api-secret-token";

/** Whether the request carries the secret given to setWebhook, compared in constant time. */
function carriesSecret(request: FastifyRequest, secret: Buffer): boolean {
  const sent = request.headers[SECRET_HEADER];
  if (typeof sent !== "string") return false;
  const given = Buffer.from(sent);
  return given.length === secret.length && timingSafeEqual(given, secret);
}

/**
 * Telegram's webhook: public, but a request without the X-Telegram-Bot-Api-Secret-Token header given to
 * setWebhook is a 401 in the error model before its body is even read, so a caller without the secret learns
 * nothing of what the route accepts. A body that is no update (an integer `update_id`, and integer ids of
 * its users, chats and messages) is a 400, before it reaches the bot or the database. Updates delivered
 * again after a timeout are skipped by the bot's dedup, so a slow answer never makes an update count twice.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ bot: Bot<BotContext>; secretToken: string }> = async (
  app,
  { bot, secretToken },
) => {
  const secret = Buffer.from(secretToken);
  const handle = webhookCallback(bot, "fastify", {
    secretToken,
    onTimeout: "return",
    timeoutMilliseconds: 20_000,
  });
  app.post(
    "/bot/webhook/",
    {
      config: { access: "public" },
      onRequest: async (request) => {
        if (!carriesSecret(request, secret))
          throw new AppError("authentication_failed", "Неверный секретный токен вебхука");
      },
      schema: { body: ZTelegramUpdateSchema },
    },
    handle,
  );
};
