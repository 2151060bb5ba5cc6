import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN } from "./constants.ts";

const root = new URL("../..", import.meta.url).pathname;

export type RunningApp = { baseURL: string; close: () => Promise<void> };

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

/**
 * The built app on its own port with a fresh embedded database and the superuser `ADMIN`, with `env` on top
 * (demo data, the bot, a setting a test is about).
 */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const main = join(root, "server/dist/main.js");
  if (!existsSync(main) || !existsSync(join(root, "web/dist/index.html"))) {
    throw new Error("Build the app first (npm run build); npm test does it for you");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "wholesale-e2e-"));
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
      LOG_LEVEL: "warn",
      ...env,
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
  const close = async () => {
    if (app.exitCode === null) {
      app.kill("SIGTERM");
      await new Promise((r) => app.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, app, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { baseURL, close };
}
