export {
  type BotTextService,
  createBotTextService,
  DEFAULT_BOT_TEXTS,
  latestBotText,
} from "./bot-text-service.ts";
export { botTextRoutes } from "./routes.ts";
