import { BOT_TEXT_PATHS, ZBotTextSchema, ZBotTextWriteSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentAccount } from "../../http/auth.ts";
import type { BotTextService } from "./bot-text-service.ts";

const manage = { access: "market.manage" } as const;

/** The texts the bot shows (conditions, warranty, market notices…), kept as versions (/api/messaging/…). */
export const botTextRoutes: FastifyPluginAsyncZod<{ botTexts: BotTextService }> = async (
  app,
  { botTexts },
) => {
  for (const [path, kind] of Object.entries(BOT_TEXT_PATHS)) {
    app.get(`/messaging/${path}/`, { config: manage, schema: { response: { 200: ZBotTextSchema } } }, () =>
      botTexts.get(kind),
    );
    app.post(
      `/messaging/${path}/`,
      { config: manage, schema: { body: ZBotTextWriteSchema, response: { 201: ZBotTextSchema } } },
      async (request, reply) =>
        reply.status(201).send(await botTexts.save(kind, request.body, currentAccount(request).id)),
    );
  }
};
