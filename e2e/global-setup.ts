import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startFakeBotApi } from "../server/src/test/fake-bot-api.ts";
import { ADMIN, CHROMIUM_PATH, TELEGRAM_BOT_USERNAME } from "./support/constants.ts";

declare module "vitest" {
  interface ProvidedContext {
    baseURL: string;
    /** The bot token the app runs with: the Mini App test signs its launch data with it. */
    botToken: string;
  }
}

const root = new URL("..", import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(url: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the app did not become healthy in 90 s:\n${output()}`);
}

/** Starts the built app once for the browser tests: its own port, a fresh embedded database, demo data. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  const main = join(root, "server/dist/main.js");
  if (!existsSync(main) || !existsSync(join(root, "web/dist/index.html"))) {
    throw new Error("Build the app first (npm run build); npm test does it for you");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "wholesale-e2e-"));
  // The bot runs against a fake Bot API on loopback (never Telegram); its token signs Mini App launch data.
  const fakeBotApi = await startFakeBotApi();
  const port = await freePort();
  let output = "";
  const app = spawn(process.execPath, ["--enable-source-maps", main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "1",
      // The CSP test opens the OpenAPI page, which a deployment leaves off.
      API_DOCS: "1",
      LOG_LEVEL: "warn",
      TELEGRAM_BOT_USERNAME: TELEGRAM_BOT_USERNAME,
      TELEGRAM_BOT_TOKEN: fakeBotApi.token,
      TELEGRAM_API_ROOT: fakeBotApi.apiRoot,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  app.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, app, () => output);
  project.provide("baseURL", baseURL);
  project.provide("botToken", fakeBotApi.token);

  return async () => {
    app.kill("SIGTERM");
    await new Promise((r) => app.once("exit", r));
    await fakeBotApi.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
