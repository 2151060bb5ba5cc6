import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.ts";
import { WAIT_CEILING_MS, waitUntil } from "./wait.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const BUILT_MAIN = join(ROOT, "server/dist/main.js");

export type BuiltApp = {
  url: string;
  pid: number;
  /** The embedded database's directory (removed by `close`). */
  dataDir: string;
  /** What it printed, for a failure's message. */
  output: () => string;
  /** Stops it as an operator does (SIGTERM), waits for it to end and removes its data directory. */
  close: () => Promise<void>;
};

/**
 * The built server as `npm start` runs it on a fresh machine: a new embedded database in a temporary data
 * directory, on a free loopback port, with `env` on top (demo data, the superuser, a fake Bot API, a setting);
 * resolves once its health check answers. `main` runs another build (an older commit's, for a before-and-after).
 * For the browser tests and the benchmarks, which measure what a user gets.
 */
export async function startBuiltApp(
  env: Record<string, string>,
  { main = BUILT_MAIN }: { main?: string } = {},
): Promise<BuiltApp> {
  if (!existsSync(main)) throw new Error(`${main} is not there: build the app first (npm run build)`);
  const dataDir = mkdtempSync(join(tmpdir(), "wholesale-built-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--enable-source-maps", main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const keep = (chunk: Buffer) => {
    printed += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      () => `the built app on ${port} to answer its health check; it printed:\n${printed}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${printed}`);
        return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok === true;
      },
      // A first start migrates a new database and may seed the demo's data: on a starved machine, minutes.
      2 * WAIT_CEILING_MS,
      200,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return { url, pid: child.pid as number, dataDir, output: () => printed, close };
}
