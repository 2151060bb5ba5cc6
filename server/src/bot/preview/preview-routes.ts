import { ZBotPreviewReplySchema, ZBotPreviewRequestSchema } from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { createBotPreviewService } from "./preview-service.ts";

/** The back-office's bot preview: staff who manage the market and the bot's texts. */
export const botPreviewRoutes: FastifyPluginAsyncZod<{
  botPreview: ReturnType<typeof createBotPreviewService>;
}> = async (app, { botPreview }) => {
  app.post(
    "/bot/preview/",
    {
      config: { access: "market.manage" },
      schema: { body: ZBotPreviewRequestSchema, response: { 200: ZBotPreviewReplySchema } },
    },
    async (request) => botPreview.run(request.account?.id ?? 0, request.body),
  );
};
