import {
  ZBotPreviewReplySchema,
  ZBotPreviewRequestSchema,
  ZMiniAppPreviewRequestSchema,
  ZMiniAppSessionSchema,
} from "@wholesale/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { MiniAppSessionService } from "../../modules/miniapp/index.ts";
import type { createBotPreviewService } from "./preview-service.ts";

/** The back-office's bot preview: staff who manage the market and the bot's texts. */
export const botPreviewRoutes: FastifyPluginAsyncZod<{
  botPreview: ReturnType<typeof createBotPreviewService>;
  miniAppSessions: MiniAppSessionService;
}> = async (app, { botPreview, miniAppSessions }) => {
  app.post(
    "/bot/preview/",
    {
      config: { access: "market.manage" },
      schema: { body: ZBotPreviewRequestSchema, response: { 200: ZBotPreviewReplySchema } },
    },
    async (request) => botPreview.run(request.account?.id ?? 0, request.body),
  );
  // The Mini App as the chosen client, under the preview's rule: a dry run rolls back what the page changes.
  app.post(
    "/bot/preview/miniapp/",
    {
      config: { access: "market.manage" },
      schema: { body: ZMiniAppPreviewRequestSchema, response: { 200: ZMiniAppSessionSchema } },
    },
    (request) => miniAppSessions.openAs(request.body.client, request.body.dry_run),
  );
};
