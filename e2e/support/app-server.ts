import { existsSync } from "node:fs";
import { join } from "node:path";
import { BUILT_MAIN, startBuiltApp } from "../../server/src/test/built-app.ts";
import { ADMIN } from "./constants.ts";

const root = new URL("../..", import.meta.url).pathname;

export type RunningApp = { baseURL: string; close: () => Promise<void> };

/**
 * The built app on its own port with a fresh embedded database and the superuser `ADMIN`, with `env` on top
 * (demo data, the bot, a setting a test is about).
 */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  if (!existsSync(BUILT_MAIN) || !existsSync(join(root, "web/dist/index.html"))) {
    throw new Error("Build the app first (npm run build); npm test does it for you");
  }
  const app = await startBuiltApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...env });
  return { baseURL: app.url, close: app.close };
}
