import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startFakeBotApi } from "../server/src/test/fake-bot-api.ts";
import { startApp } from "./support/app-server.ts";
import { CHROMIUM_PATH, TELEGRAM_BOT_USERNAME } from "./support/constants.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
    /** The bot token the app runs with: the Mini App test signs its launch data with it. */
    botToken: string;
  }
}

/** Starts the built app once for the browser tests: its own port, a fresh embedded database, demo data. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  // The bot runs against a fake Bot API on loopback (never Telegram); its token signs Mini App launch data.
  const fakeBotApi = await startFakeBotApi();
  const app = await startApp({
    SEED_DEMO: "1",
    // The CSP test opens the OpenAPI page, which a deployment leaves off.
    API_DOCS: "1",
    TELEGRAM_BOT_USERNAME: TELEGRAM_BOT_USERNAME,
    TELEGRAM_BOT_TOKEN: fakeBotApi.token,
    TELEGRAM_API_ROOT: fakeBotApi.apiRoot,
  }).catch(async (error: unknown) => {
    await fakeBotApi.close();
    throw error;
  });
  project.provide("baseURL", app.baseURL);
  project.provide("botToken", fakeBotApi.token);

  return async () => {
    await app.close();
    await fakeBotApi.close();
  };
}
