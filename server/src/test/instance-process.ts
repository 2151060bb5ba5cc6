import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.ts";
import { waitUntil } from "./wait.ts";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

export type Instance = {
  port: number;
  url: string;
  child: ChildProcess;
  /** What it printed, for a failure's message. */
  output: () => string;
  /** Sends `signal` (SIGKILL: as an instance dies, no drain) and waits for the process to end. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * The server as `npm start` runs it (server/src/main.ts: config from the environment, migrations, bootstrap,
 * the app with its jobs, delivery worker and bot) in a process of its own on a free loopback port; resolves
 * once its health check answers 200.
 */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(
    () => `the instance on ${port} to answer its health check; it printed:\n${printed}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the instance exited (${child.exitCode}):\n${printed}`);
      const answer = await fetch(`${url}/api/health`).catch(() => undefined);
      return answer?.status === 200;
    },
    undefined,
    200,
  );
  return {
    port,
    url,
    child,
    output: () => printed,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
